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

/**
 * How long the file really plays, in seconds: its audio decoded and its video's packets counted to the end
 * (ffmpeg to the null muxer), never a header's claim (a Xing frame count or a container duration can say
 * anything). Null when ffmpeg cannot read it to the end.
 */
export const measuredSeconds = async (file: string): Promise<number | null> => {
  try {
    const { stdout } = await run(
      'ffmpeg',
      // The first audio stream decoded, the first video stream's packets copied (decoding video would cost
      // far more and its packets' timestamps already say when each frame shows).
      ['-nostdin', '-v', 'error', '-i', file, '-map', '0:a:0?', '-map', '0:v:0?', '-c:v', 'copy']
        .concat(['-f', 'null', '-progress', 'pipe:1', '-nostats', '-']),
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
    const last = times.at(-1);
    return last !== undefined && last > 0 ? last / 1e6 : null;
  } catch {
    return null;
  }
};

/** Streams (ffprobe) and measured duration of an audio/video file, or null when it cannot be read. */
export const probeMedia = async (file: string): Promise<MediaInfo | null> => {
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'json', file],
      { timeout: 30_000, maxBuffer: 1024 * 1024 },
    );
    const info = JSON.parse(stdout) as {
      streams?: { codec_type?: string; width?: number; height?: number }[];
    };
    const streams = info.streams ?? [];
    const video = streams.find((s) => s.codec_type === 'video');
    const hasAudio = streams.some((s) => s.codec_type === 'audio');
    if (!video && !hasAudio) return null;
    const duration = await measuredSeconds(file);
    if (!duration) return null;
    return {
      duration,
      hasVideo: !!video,
      hasAudio,
      width: video?.width ?? null,
      height: video?.height ?? null,
    };
  } catch {
    return null;
  }
};
