import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderScene } from './pipeline/compose.js';
import { ffmpegToBuffer } from './pipeline/ffmpeg.js';
import { buildSceneAss, type TextStyle } from './pipeline/subtitles.js';

// Subtitles read back from rendered frames: every look over a white, a black and a busy picture, at phone
// proportions (a 540×960 canvas with the templates' 64/1080 font size), read by Debian's tesseract (chi_sim).

const W = 540;
const H = 960;
const FRAMES = 6;
const looks = ['plain', 'outlined', 'boxed', 'karaoke'] as const;
const cueTexts = ['我们坐船去看湖上的风景', '晚上大家一起吃饭', '天气很好我们出去走走'];

let dir = '';
let busyPicture = '';

/** A picture with no calm spot: random blocks of every brightness and colour (a fixed seed, the same each run). */
const busy = async (file: string) => {
  const data = Buffer.alloc(W * H * 3);
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
  const block = 6;
  const colours: number[][] = [];
  for (let i = 0; i < Math.ceil(W / block) * Math.ceil(H / block); i += 1)
    colours.push(next() < 0.5 ? [next() < 0.5 ? 255 : 0, 255, 255].map((c) => (c ? 255 : 0)) : [0, 1, 2].map(() => Math.floor(next() * 256)));
  for (let y = 0; y < H; y += 1)
    for (let x = 0; x < W; x += 1) {
      const c = colours[Math.floor(y / block) * Math.ceil(W / block) + Math.floor(x / block)]!;
      data.set(c, (y * W + x) * 3);
    }
  await sharp(data, { raw: { width: W, height: H, channels: 3 } }).png().toFile(file);
};

/** Tesseract's reading of a PNG (`psm` 7: one line; 6: one block), spaces gone. */
const ocr = (png: Buffer, psm: 6 | 7) =>
  new Promise<string>((resolve, reject) => {
    const child = execFile(
      'tesseract',
      ['stdin', 'stdout', '-l', 'chi_sim', '--psm', String(psm)],
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (error, stdout) => (error ? reject(error) : resolve(stdout.replace(/\s+/g, ''))),
    );
    child.stdin?.end(png);
  });

/** How many of `expected`'s characters `read` has, in order (longest common subsequence), as a fraction. */
const recall = (expected: string, read: string) => {
  const a = [...expected];
  const b = [...read];
  let row = new Array<number>(b.length + 1).fill(0);
  for (const char of a) {
    const nextRow = [0];
    for (let j = 0; j < b.length; j += 1)
      nextRow.push(char === b[j] ? row[j]! + 1 : Math.max(row[j + 1]!, nextRow[j]!));
    row = nextRow;
  }
  return row[b.length]! / a.length;
};

/**
 * The box of a one-line Sub event (bottom-centred, `\an2`): read from its `\pos`, its style's size
 * and outline and the line's width (a Chinese character is a square).
 */
const subtitleBox = (ass: string, text: string) => {
  const style = /^Style: Sub,[^,]*,(\d+),(?:[^,]*,){12}\d,(\d+),/m.exec(ass)!;
  const [size, border] = [Number(style[1]), Number(style[2])];
  const pos = /Dialogue: 0,[^\n]*\{\\an2\\pos\((\d+),(\d+)\)/.exec(ass)!;
  // The line's own box: its characters (about 0.9 of the font size wide in this font; the band reaches `border`
  // beyond them).
  const half = ([...text].length * size * 0.9) / 2 + border / 2;
  const bottom = Math.min(H, Math.ceil(Number(pos[2]) + border / 2));
  const top = Math.max(0, Math.floor(Number(pos[2]) - size));
  const left = Math.max(0, Math.floor(Number(pos[1]) - half));
  return { left, top, width: Math.min(W, Math.ceil(Number(pos[1]) + half)) - left, height: bottom - top };
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'subtitle-legibility-'));
  busyPicture = path.join(dir, 'busy.png');
  await busy(busyPicture);
});
afterAll(async () => {
  if (dir && !process.env.KEEP_FRAMES) await rm(dir, { recursive: true, force: true });
});

describe('subtitles read back from rendered frames', () => {
  const backgrounds = [
    { name: 'white', colour: '#FFFFFF', picture: false },
    { name: 'black', colour: '#000000', picture: false },
    { name: 'busy', colour: '#808080', picture: true },
  ];
  it.each(backgrounds)('every look reads at ≥ 95 % over a $name picture, clear of the title', async (bg) => {
    const misread: string[] = [];
    for (const [i, look] of looks.entries()) {
      const text = cueTexts[i % cueTexts.length]!;
      const style: TextStyle = {
        width: W,
        height: H,
        font: 'WenQuanYi Micro Hei',
        fontSize: Math.round((64 * W) / 1080),
        fontColor: '#FFFFFF',
        subtitleAnchor: 8,
        titleAnchor: 2,
        subtitleStyle: look,
      };
      const ass = buildSceneAss({ style, seconds: FRAMES / 30, title: '西湖一日游', cues: [{ start: 0, end: 1, text }] });
      const assFile = path.join(dir, `${bg.name}-${look}.ass`);
      const out = path.join(dir, `${bg.name}-${look}.h264`);
      await writeFile(assFile, ass);
      await renderScene({
        index: i,
        picture: bg.picture ? busyPicture : null,
        background: bg.colour,
        width: W,
        height: H,
        frames: FRAMES,
        ass: assFile,
        out,
      });
      // The frame in the middle of the cue, cut to the subtitle's line and enlarged as a reader's eye does.
      const frame = await ffmpegToBuffer(['-f', 'h264', '-i', out, '-vf', `select=eq(n\\,${FRAMES / 2})`, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1']);
      const box = subtitleBox(ass, text);
      const band = await sharp(frame)
        .extract(box)
        .resize({ width: box.width * 4, kernel: 'lanczos3' })
        .grayscale()
        // The text's own brightness against whatever is around it (what contrast means to a reader): only
        // pixels as bright as the white text stay, printed black on white as the OCR expects.
        .threshold(160)
        .negate({ alpha: false })
        .png()
        .toBuffer();
      // Read as one line, and as a block when that misses a character (tesseract's own slips differ by mode).
      let read = await ocr(band, 7);
      if (recall(text, read) < 0.95) read = await ocr(band, 6);
      if (process.env.KEEP_FRAMES) await writeFile(`${out}.png`, band);
      if (recall(text, read) < 0.95) misread.push(`${look}: ${text} read as ${read}`);
      // The title is never inside the subtitle's band.
      if (recall('西湖一日游', read) >= 0.5) misread.push(`${look}: the title inside the subtitle's band`);
    }
    expect(misread).toEqual([]);
  }, 60_000);
});
