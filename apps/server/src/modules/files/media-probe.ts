import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { hasCommand } from '../../platform/system-packages.js';

const run = promisify(execFile);

export interface MediaInfo {
  /** Seconds. */
  duration: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
}

let available: boolean | undefined;
/** Whether ffprobe (Debian package ffmpeg) is installed; checked once. */
export const ffprobeAvailable = (): boolean => (available ??= hasCommand('ffprobe'));

/** Streams and duration of an audio/video file, or null when ffprobe cannot read it. */
export const probeMedia = async (file: string): Promise<MediaInfo | null> => {
  try {
    const { stdout } = await run(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_type,width,height,duration',
        '-of',
        'json',
        file,
      ],
      { timeout: 30_000, maxBuffer: 1024 * 1024 },
    );
    const info = JSON.parse(stdout) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
    };
    const streams = info.streams ?? [];
    const video = streams.find((s) => s.codec_type === 'video');
    const durations = [info.format?.duration, ...streams.map((s) => s.duration)]
      .map(Number)
      .filter((n) => Number.isFinite(n) && n > 0);
    if (!durations.length) return null;
    return {
      duration: Math.max(...durations),
      hasVideo: !!video,
      hasAudio: streams.some((s) => s.codec_type === 'audio'),
      width: video?.width ?? null,
      height: video?.height ?? null,
    };
  } catch {
    return null;
  }
};
