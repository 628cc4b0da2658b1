import { ffmpeg } from './ffmpeg.js';
import { colourSource, localFileInput } from './sources.js';

/**
 * One still per scene at the canvas size: a picture fitted whole over a blurred, darkened copy of itself
 * filling the frame (the usual look of vertical video), or, without a picture, the background colour.
 * SVG, PNG, JPEG and WebP all read (ffmpeg with librsvg).
 */
export const preparePicture = async (input: {
  source: string | null;
  background: string;
  width: number;
  height: number;
  out: string;
  signal?: AbortSignal;
}) => {
  const { width: w, height: h } = input;
  const size = `${w}x${h}`;
  const args = input.source
    ? [
        ...localFileInput(input.source),
        '-filter_complex',
        `[0:v]split=2[a][b];` +
          `[a]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},boxblur=24:2,eq=brightness=-0.18[bg];` +
          `[b]scale=${w}:${h}:force_original_aspect_ratio=decrease[fg];` +
          `[bg][fg]overlay=(W-w)/2:(H-h)/2,format=yuvj420p`,
      ]
    : ['-f', 'lavfi', '-i', colourSource(input.background, size), '-vf', 'vignette=PI/5,format=yuvj420p'];
  await ffmpeg([...args, '-frames:v', '1', '-q:v', '3', input.out], input.signal);
};

/**
 * Ken Burns: each scene moves its still a little (zoom in, zoom out, pan right, pan down, in turn) over its
 * `frames`; the zoompan expression reads the output frame number `on`.
 */
export const kenBurns = (index: number, frames: number, width: number, height: number): string => {
  const n = Math.max(1, frames - 1);
  const centre = `x='(iw-iw/zoom)/2':y='(ih-ih/zoom)/2'`;
  const motions = [
    `z='1+0.12*on/${n}':${centre}`,
    `z='1.12-0.12*on/${n}':${centre}`,
    `z='1.12':x='(iw-iw/zoom)*on/${n}':y='(ih-ih/zoom)/2'`,
    `z='1.12':x='(iw-iw/zoom)/2':y='(ih-ih/zoom)*on/${n}'`,
  ];
  return `zoompan=${motions[index % motions.length]}:d=${frames}:s=${width}x${height}:fps=30`;
};

/**
 * A colour card at the canvas size (PNG): one colour, or a top-to-bottom gradient of two (a storyboard scene's
 * picture when the user picks 纯色卡 or a gradient).
 */
export const makeColourCard = async (input: {
  colors: string[];
  width: number;
  height: number;
  out: string;
  signal?: AbortSignal;
}) => {
  const size = `${input.width}x${input.height}`;
  const [top, bottom = top] = input.colors;
  if (!top) throw new Error('a colour card needs a colour');
  await ffmpeg(
    [
      ...['-f', 'lavfi', '-i', colourSource(top, size)],
      ...['-f', 'lavfi', '-i', colourSource(bottom!, size)],
      '-filter_complex',
      `[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]blend=all_expr='A*(1-Y/H)+B*(Y/H)'`,
      ...['-frames:v', '1', input.out],
    ],
    input.signal,
  );
};
