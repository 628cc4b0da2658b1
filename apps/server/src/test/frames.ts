import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

const THUMB = 16;

/** A picture (or a video's frame at `at` seconds) filled into `w`×`h`, then shrunk to 16×16 RGB. */
export const thumbOf = (file: string, w: number, h: number, at?: number) => {
  const out = spawnSync('ffmpeg', [
    ...['-v', 'error'],
    ...(at === undefined ? [] : ['-ss', at.toFixed(2)]),
    ...['-i', file, '-frames:v', '1'],
    ...['-vf', `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},scale=${THUMB}:${THUMB}`],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  expect(out.stdout.length, out.stderr.toString()).toBe(THUMB * THUMB * 3);
  return out.stdout;
};

/** Mean absolute difference of two thumbnails, 0–255 per channel. */
export const difference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};
