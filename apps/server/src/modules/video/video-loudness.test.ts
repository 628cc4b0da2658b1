import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, ffmpegToBuffer } from './pipeline/ffmpeg.js';
import { renderVideo, type RenderOutput, type SceneSpeech } from './pipeline/render.js';
import type { TextStyle } from './pipeline/subtitles.js';

/** A 12 kHz tone as the music: the offline voice (espeak-ng, 22.05 kHz) has nothing above 11 kHz. */
const MUSIC = 'sine=f=12000:d=30';
const MUSIC_BAND = 'highpass=f=11500,highpass=f=11500,highpass=f=11500';

/** Real offline speech of `text` (espeak-ng), one cue over what is heard. */
const espeakSpeech = async (text: string, file: string): Promise<SceneSpeech> => {
  const made = spawnSync('espeak-ng', ['-v', 'cmn', '-s', '175', '-w', file, text]);
  expect(made.status).toBe(0);
  const audio = await ffmpegToBuffer([
    '-i',
    file,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    '-f',
    'mp3',
    'pipe:1',
  ]);
  const seconds = Number(
    spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).stdout,
  );
  return {
    audio,
    duration: seconds,
    cues: [{ start: 0, end: seconds, text }],
    engine: 'espeak-ng',
    offline: true,
  };
};

/** ebur128's reading of `file` between `from` and `to` seconds (whole file without them), after `filter`. */
const loudness = async (file: string, options: { from?: number; to?: number; filter?: string } = {}) => {
  const trim = options.from === undefined ? '' : `atrim=${options.from}:${options.to},`;
  const log = await ffmpeg([
    ...['-i', file, '-vn', '-af', `${trim}${options.filter ? `${options.filter},` : ''}ebur128=peak=true`],
    ...['-loglevel', 'info', '-f', 'null', '-'],
  ]);
  const summary = log.slice(log.lastIndexOf('Summary:'));
  return {
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]),
    truePeak: Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)![1]),
  };
};

/** RMS level (dB) of `file` between `from` and `to` seconds, after `filter` (astats). */
const rms = async (file: string, from: number, to: number, filter: string) => {
  const log = await ffmpeg([
    ...['-i', file, '-vn', '-af', `atrim=${from}:${to},${filter},astats=measure_perchannel=none`],
    ...['-loglevel', 'info', '-f', 'null', '-'],
  ]);
  return Number(/RMS level dB:\s+(-?[\d.]+)/.exec(log.slice(log.lastIndexOf('Overall')))![1]);
};

describe('the sound of a rendered video', { timeout: 120_000 }, () => {
  let work: string;
  let output: RenderOutput;
  const style: TextStyle = {
    width: 180,
    height: 320,
    font: 'WenQuanYi Micro Hei',
    fontSize: 12,
    fontColor: '#FFFFFF',
    subtitleAnchor: 2,
    titleAnchor: 8,
    subtitleStyle: 'plain',
  };
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'video-loudness-'));
    output = await renderVideo({
      title: '西湖',
      text: '今天我们去西湖散步，看见了很多白鹭。中午吃了西湖醋鱼和龙井虾仁。',
      style,
      background: '#204060',
      // Two seconds of music alone at the start and at the end (no voice).
      clips: [
        { position: 'start', seconds: 2, text: '开始', background: '#000000' },
        { position: 'end', seconds: 2, text: '结束', background: '#000000' },
      ],
      music: { lavfi: MUSIC },
      workDir: work,
      signal: new AbortController().signal,
      censor: async () => undefined,
      speak: (text, _signal, index) => espeakSpeech(text, path.join(work, `speech-${index}.wav`)),
      pictureFor: async () => null,
      progress: async () => undefined,
    });
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('is 48 kHz stereo AAC at −16 LUFS (±1.5 LU) with its true peak at or under −1 dBTP', async () => {
    const probe = JSON.parse(
      spawnSync('ffprobe', [
        ...[
          '-v',
          'error',
          '-select_streams',
          'a:0',
          '-show_entries',
          'stream=codec_name,sample_rate,channels',
        ],
        ...['-of', 'json', output.video],
      ]).stdout.toString(),
    ) as { streams: { codec_name: string; sample_rate: string; channels: number }[] };
    expect(probe.streams[0]).toEqual({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    const whole = await loudness(output.video);
    expect(Math.abs(whole.integrated + 16), `${whole.integrated} LUFS`).toBeLessThanOrEqual(1.5);
    expect(whole.truePeak).toBeLessThanOrEqual(-1);
    expect((await readFile(output.video)).length).toBeGreaterThan(0);
  });

  it('the music is heard at the start and end, and steps back 12–18 dB under the voice while it speaks', async () => {
    const speechFrom = output.sceneStarts[0]!;
    const speechTo = output.cues.find((c) => c.start >= speechFrom)!.end;
    const voiceAt = { from: speechFrom + 0.5, to: Math.min(speechTo - 0.3, speechFrom + 3) };
    const gaps = [
      { from: 0.2, to: 1.5 },
      { from: output.seconds - 1.5, to: output.seconds - 0.2 },
    ];
    // The music alone (start, end) and the voice (music under it counts for a tenth of a dB) as heard.
    const voice = (await loudness(output.video, voiceAt)).integrated;
    for (const gap of gaps) {
      const musicAlone = (await loudness(output.video, gap)).integrated;
      expect(musicAlone, 'music heard in a gap').toBeGreaterThan(-30);
      // How far the music steps back under the voice: its own band, in the gap and under the voice.
      const dip =
        (await rms(output.video, gap.from, gap.to, MUSIC_BAND)) -
        (await rms(output.video, voiceAt.from, voiceAt.to, MUSIC_BAND));
      expect(dip, 'music comes up where nobody speaks').toBeGreaterThan(4);
      const underVoice = voice - musicAlone + dip;
      expect(underVoice, 'music under the voice').toBeGreaterThanOrEqual(12);
      expect(underVoice, 'music under the voice').toBeLessThanOrEqual(18);
    }
  });
});
