import type { TtsVoice } from '@app/contract';
import { runFfmpeg } from './audio.js';

/** An offline Mandarin voice as tts_config_nam describes one (female, 175 words a minute), for tests. */
export const testVoice = (data: Partial<TtsVoice> = {}): TtsVoice => ({
  engine: 'espeak-ng',
  voice: 'cmn+f3',
  lang: 'zh-CN',
  gender: 'female',
  speed: 175,
  vipOnly: false,
  description: '',
  ...data,
});

/** An MP3 of a 440 Hz tone lasting `seconds` (test peers answer it as "speech"). */
export const toneMp3 = async (seconds: number): Promise<Buffer> =>
  (
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:duration=${seconds}`,
        '-ac',
        '1',
        '-c:a',
        'libmp3lame',
        '-f',
        'mp3',
        'pipe:1',
      ],
      null,
    )
  ).stdout;

/** Integrated loudness (LUFS) of an audio file, measured by ffmpeg's EBU R128 filter. */
export const integratedLoudness = async (audio: Buffer): Promise<number> => {
  const { stderr } = await runFfmpeg(['-i', 'pipe:0', '-af', 'ebur128', '-f', 'null', '-'], audio);
  const match = /I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary')));
  return Number(match?.[1]);
};

/** Duration of an encoded audio file, as ffprobe would say (decoded length). */
export const decodedSeconds = async (audio: Buffer): Promise<number> => {
  const { stdout } = await runFfmpeg(
    ['-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', '8000', 'pipe:1'],
    audio,
  );
  return stdout.length / 16000;
};
