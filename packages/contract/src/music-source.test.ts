import { describe, expect, it } from 'vitest';
import { dictDataSchemas } from './dictionary.js';
import { isMusicFilePath, musicSynthToLavfi, parseMusicSynth } from './music-source.js';

/** The seeded tracks' shape (dictionary.seed.ts: a chord with a tremolo). */
const SEEDED =
  "aevalsrc='(0.12*sin(2*PI*261.63*t)+0.10*sin(2*PI*329.63*t))*(0.75+0.25*sin(2*PI*2*t))':s=44100:d=60";

describe('music sources (app_bgm)', () => {
  it('reads the synths the product ships and writes back the same sound', () => {
    const synth = parseMusicSynth(SEEDED);
    expect(synth).toMatchObject({ source: 'aevalsrc', sampleRate: 44100, seconds: 60 });
    expect(musicSynthToLavfi(synth!)).toBe(SEEDED);
    expect(musicSynthToLavfi(synth!, 12)).toBe(SEEDED.replace(':d=60', ':d=12'));
    expect(parseMusicSynth('sine=f=440:d=10')).toEqual({
      source: 'sine',
      frequency: 440,
      beepFactor: 0,
      sampleRate: 44100,
      seconds: 10,
    });
    expect(musicSynthToLavfi(parseMusicSynth('anoisesrc=c=pink:a=0.1:d=5')!)).toBe(
      'anoisesrc=a=0.1:c=pink:r=44100:d=5',
    );
  });

  it.each([
    ['amovie=http\\://127.0.0.1\\:9/x.mp3'],
    ['amovie=/etc/passwd'],
    ['movie=/etc/hosts'],
    ['sine=f=440,amovie=/etc/passwd'],
    ['sine=f=440;amovie=/etc/passwd'],
    ["aevalsrc='sin(t)',amovie=/x:d=1"],
    ["aevalsrc='sin(t)'[out]"],
    ['sine=f=440:d=1\namovie=/x'],
    ['sine=f=440\r'],
    ['sine=f=abc'],
    ['sine=f=99999999'],
    ['sine=filename=/etc/passwd'],
    ['sine=f=440:f=220'],
    ["aevalsrc='st(0,1)':d=1"],
    ["aevalsrc='ld(0)':d=1"],
    ["aevalsrc='sin(t':d=1"],
    ["aevalsrc='sin t':d=1"],
    ["aevalsrc='':d=1"],
    ['aevalsrc=d=1'],
    ["aevalsrc='sin(t)':c=mono"],
    ['anoisesrc=c=/etc/passwd'],
    ['anullsrc'],
    ['nonsense(:s=44100:d=10'],
    [''],
    ['sine=f=440:d=1'.padEnd(600, '0')],
  ])('refuses %j', (text) => {
    expect(parseMusicSynth(text)).toBeNull();
  });

  it('takes stored audio files of ours as site paths only', () => {
    expect(isMusicFilePath('/uploads/music/2026/01/a.mp3')).toBe(true);
    expect(isMusicFilePath('/files/public/music/a.m4a')).toBe(true);
    expect(isMusicFilePath('/static/music/calm.ogg')).toBe(true);
    for (const bad of [
      'http://127.0.0.1:9/x.mp3',
      '//evil.example/x.mp3',
      '/uploads/../../etc/x.mp3',
      '/uploads/a/..x.mp3',
      '/uploads/a.mp3?x=1',
      '/files/private/a.mp3',
      '/uploads/a.m3u8',
      '/uploads/a.png',
      '/etc/passwd',
      'file:///etc/x.mp3',
    ])
      expect(isMusicFilePath(bad), bad).toBe(false);
  });

  it('the app_bgm shape holds one of the two kinds', () => {
    const item = (url: string | null, lavfi: string) =>
      dictDataSchemas.app_bgm.safeParse({ mood: 'x', duration: 10, url, lavfi }).success;
    expect(item(null, SEEDED)).toBe(true);
    expect(item('/uploads/music/a.mp3', '')).toBe(true);
    expect(item(null, '')).toBe(false);
    expect(item(null, 'amovie=/etc/passwd')).toBe(false);
    expect(item('/uploads/music/a.mp3', 'amovie=/etc/passwd')).toBe(false);
    expect(item('http://127.0.0.1:9/x.mp3', '')).toBe(false);
  });
});
