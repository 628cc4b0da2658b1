import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MUSIC_SCORE_IDS, parseMusicSynth, musicSynthToLavfi } from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_DICTIONARIES } from '../../dictionary/index.js';
import { muxVideo } from '../pipeline/compose.js';
import { ffmpeg } from '../pipeline/ffmpeg.js';
import { TICKS_PER_BEAT } from './midi.js';
import { createScoreAudio, renderScore } from './score-audio.js';
import { SCORES, scoreMidi } from './scores.js';

const dir = mkdtempSync(path.join(tmpdir(), 'music-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface ParsedTrack {
  programs: number[];
  channels: Set<number>;
  noteOns: number;
  lastTick: number;
}

/** Reads a format-1 MIDI file back: header, then each track's program changes, notes and length. */
const parseMidi = (bytes: Buffer) => {
  expect(bytes.toString('ascii', 0, 4)).toBe('MThd');
  const format = bytes.readUInt16BE(8);
  const trackCount = bytes.readUInt16BE(10);
  const division = bytes.readUInt16BE(12);
  const tracks: ParsedTrack[] = [];
  let tempo = 0;
  let offset = 14;
  for (let t = 0; t < trackCount; t++) {
    expect(bytes.toString('ascii', offset, offset + 4)).toBe('MTrk');
    const end = offset + 8 + bytes.readUInt32BE(offset + 4);
    let at = offset + 8;
    let tick = 0;
    const track: ParsedTrack = { programs: [], channels: new Set(), noteOns: 0, lastTick: 0 };
    const varLength = () => {
      let value = 0;
      for (;;) {
        const byte = bytes[at++]!;
        value = (value << 7) | (byte & 0x7f);
        if (!(byte & 0x80)) return value;
      }
    };
    while (at < end) {
      tick += varLength();
      const status = bytes[at++]!;
      if (status === 0xff) {
        const type = bytes[at++]!;
        const length = varLength();
        if (type === 0x51) tempo = (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;
        at += length;
        continue;
      }
      const kind = status & 0xf0;
      track.channels.add(status & 0x0f);
      if (kind === 0xc0) track.programs.push(bytes[at++]!);
      else {
        if (kind === 0x90 && bytes[at + 1]! > 0) track.noteOns += 1;
        at += 2;
      }
    }
    track.lastTick = tick;
    tracks.push(track);
    offset = end;
  }
  return { format, division, tracks, bpm: 60_000_000 / tempo };
};

/** Mean spectral flatness of the first 20 s of a file or synth, read from ffmpeg's aspectralstats. */
const meanFlatness = async (input: string[]) => {
  const out = path.join(dir, `flatness-${Math.random().toString(36).slice(2)}.txt`);
  await ffmpeg([
    ...input,
    ...['-t', '20', '-ac', '1', '-af', `aspectralstats,ametadata=print:file=${out}`, '-f', 'null', '-'],
  ]);
  const values = [...readFileSync(out, 'utf8').matchAll(/\.flatness=([\d.e-]+)/g)]
    .map((m) => Number(m[1]))
    .filter((v) => Number.isFinite(v));
  expect(values.length).toBeGreaterThan(100);
  return values.reduce((a, b) => a + b, 0) / values.length;
};

const volume = async (file: string) => {
  const log = await ffmpeg(['-loglevel', 'info', '-i', file, '-af', 'volumedetect', '-f', 'null', '-']);
  return Number(/mean_volume:\s*(-?[\d.]+) dB/.exec(log)![1]);
};

const duration = (file: string) =>
  Number(
    spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }).stdout,
  );

describe('the project music', { timeout: 120_000 }, () => {
  it('every score is a real piece: melody, accompaniment and bass on different instruments, of its length', () => {
    const seen = new Set<string>();
    for (const id of MUSIC_SCORE_IDS) {
      const spec = SCORES[id];
      const midi = scoreMidi(id);
      expect(scoreMidi(id).equals(midi), `${id} is the same every time`).toBe(true);
      seen.add(midi.toString('base64'));
      const parsed = parseMidi(midi);
      expect(parsed.format).toBe(1);
      expect(parsed.division).toBe(TICKS_PER_BEAT);
      expect(Math.round(parsed.bpm)).toBe(spec.tempo);
      const parts = parsed.tracks.slice(1);
      const pitched = parts.filter((t) => !t.channels.has(9));
      // Three pitched parts at least (melody, chords, bass or a second colour), each its own instrument.
      expect(pitched.length, id).toBeGreaterThanOrEqual(3);
      expect(new Set(pitched.map((t) => t.programs[0])).size, id).toBe(pitched.length);
      expect(parts[0]!.noteOns, `${id} melody notes`).toBeGreaterThan(spec.seconds * 0.5);
      expect(parsed.tracks.some((t) => t.channels.has(9))).toBe(spec.drums !== null);
      const seconds = (Math.max(...parts.map((t) => t.lastTick)) / TICKS_PER_BEAT) * (60 / spec.tempo);
      expect(seconds, id).toBeGreaterThan(spec.seconds * 0.9);
      expect(seconds, id).toBeLessThan(spec.seconds * 1.25);
    }
    expect(seen.size, 'eight different pieces').toBe(MUSIC_SCORE_IDS.length);
  });

  it('every seeded track names its own score, with a synth for servers without fluidsynth', () => {
    const tracks = SEED_DICTIONARIES.app_bgm.map((item) => item.data as { score?: string; lavfi: string });
    expect(tracks.length).toBeGreaterThanOrEqual(8);
    expect(new Set(tracks.map((t) => t.score))).toEqual(new Set(MUSIC_SCORE_IDS));
    for (const track of tracks) expect(parseMusicSynth(track.lavfi)).not.toBeNull();
  });

  it('renders with real instrument sounds (fluidsynth, General MIDI): its length, an even loudness, not sine tones', async () => {
    const file = path.join(dir, 'festival.mp3');
    expect(await renderScore('festival', file)).toBe(true);
    const seconds = duration(file);
    expect(seconds).toBeGreaterThan(SCORES.festival.seconds * 0.9);
    expect(seconds).toBeLessThan(SCORES.festival.seconds * 1.2);
    expect(Math.abs((await volume(file)) + 20)).toBeLessThan(3);
    // The synth the track used to be: sine chords have almost no energy between their partials.
    const item = SEED_DICTIONARIES.app_bgm.find((i) => i.value === 'bgm-festival')!.data as { lavfi: string };
    const synth = musicSynthToLavfi(parseMusicSynth(item.lavfi)!, 20);
    const music = await meanFlatness(['-i', file]);
    const sine = await meanFlatness(['-f', 'lavfi', '-i', synth]);
    expect(music).toBeGreaterThan(sine * 5);
  });

  it('renders a score once and reuses it: from the build folder when there, else from its cache', async () => {
    const built = path.join(dir, 'built');
    const cache = path.join(dir, 'cache');
    const audio = createScoreAudio({ builtDir: built, cacheDir: cache });
    const [first, again] = await Promise.all([audio.fileFor('morning'), audio.fileFor('morning')]);
    expect(first).toBe(again);
    expect(first!.startsWith(cache)).toBe(true);
    // A build that rendered it wins over the cache.
    const name = path.basename(first!);
    mkdirSync(built, { recursive: true });
    copyFileSync(first!, path.join(built, name));
    expect(await createScoreAudio({ builtDir: built, cacheDir: cache }).fileFor('morning')).toBe(
      path.join(built, name),
    );
  });

  it('mixes the voice and the music at the chosen volumes, the music still ducking under the voice', async () => {
    // One second of black picture, a 1-second 300 Hz "voice" and a 2 kHz "music" tone.
    const scene = path.join(dir, 'scene.h264');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=64x64:r=30:d=2',
      '-c:v',
      'libx264',
      '-f',
      'h264',
      scene,
    ]);
    const voice = path.join(dir, 'voice.pcm');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=f=300:d=2:r=48000',
      '-f',
      's16le',
      '-ar',
      '48000',
      '-ac',
      '1',
      voice,
    ]);
    const tone = path.join(dir, 'tone.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=2000:d=3', tone]);
    const levelOf = async (mix: { voice: number; music: number }, band: string) => {
      const out = path.join(dir, `mix-${mix.voice}-${mix.music}.mp4`);
      await muxVideo({ scenes: [scene], voicePcm: voice, seconds: 2, music: { file: tone }, mix, out });
      const filtered = path.join(dir, `band-${mix.voice}-${mix.music}-${band}.wav`);
      await ffmpeg(['-i', out, '-vn', '-af', band, filtered]);
      return volume(filtered);
    };
    const voiceBand = 'lowpass=f=600,lowpass=f=600';
    const musicBand = 'highpass=f=1500,highpass=f=1500';
    const usualVoice = await levelOf({ voice: 100, music: 100 }, voiceBand);
    const quietVoice = await levelOf({ voice: 50, music: 100 }, voiceBand);
    expect(usualVoice - quietVoice).toBeGreaterThan(4); // half the amplitude: about 6 dB
    const usualMusic = await levelOf({ voice: 100, music: 100 }, musicBand);
    const louderMusic = await levelOf({ voice: 100, music: 200 }, musicBand);
    expect(louderMusic - usualMusic).toBeGreaterThan(3);
    // Ducked: the music under the voice is quieter than the same music alone.
    const silent = path.join(dir, 'silent.pcm');
    writeFileSync(silent, Buffer.alloc(48000 * 2 * 2));
    const alone = path.join(dir, 'alone.mp4');
    await muxVideo({ scenes: [scene], voicePcm: silent, seconds: 2, music: { file: tone }, out: alone });
    const aloneBand = path.join(dir, 'alone.wav');
    await ffmpeg(['-i', alone, '-vn', '-af', musicBand, aloneBand]);
    expect((await volume(aloneBand)) - usualMusic).toBeGreaterThan(3);
  });
});
