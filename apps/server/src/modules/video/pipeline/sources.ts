import { musicSynthToLavfi, parseMusicSynth } from '@app/contract';

/**
 * The only inputs ffmpeg is given for music and backgrounds, checked here right before it runs whatever the
 * database or a job's payload holds (the dictionary checks app_bgm items on write too; this is the second
 * lock, for rows written around it).
 */

/** Music refused at the last moment: not a local file nor a synth of the allow-list. */
export class MusicSourceRefused extends Error {
  constructor(detail: string) {
    super(`music source refused: ${detail}`);
    this.name = 'MusicSourceRefused';
  }
}

/** Demuxers a music file may be read with (audio formats only: no playlists, no concat lists, no images). */
const AUDIO_DEMUXERS = 'mp3,aac,ogg,flac,wav,mov,matroska';

/**
 * Input options for a local media file: ffmpeg may open local files only (a crafted "MP3" that is an HLS or
 * concat playlist cannot make it fetch a URL or read another file).
 */
export const localFileInput = (file: string, formats?: string): string[] => [
  ...['-protocol_whitelist', 'file'],
  ...(formats ? ['-format_whitelist', formats] : []),
  '-i',
  file,
];

export interface MusicInput {
  /** A local copy of a stored audio file. */
  file?: string;
  /** A synth of the allow-list (`@app/contract` music-source.ts), as the operator wrote it. */
  lavfi?: string;
}

/**
 * The ffmpeg input arguments of a music track: the local file (audio demuxers only, looped when `loop`), or
 * the synth re-written from its parsed form with `seconds` as its length. Throws MusicSourceRefused for
 * anything else, before ffmpeg is started.
 */
export const musicInputArgs = (music: MusicInput, options: { seconds: number; loop?: boolean }): string[] => {
  if (music.file) {
    if (!music.file.startsWith('/') || /[\n\r]/.test(music.file)) throw new MusicSourceRefused('file path');
    return [...(options.loop ? ['-stream_loop', '-1'] : []), ...localFileInput(music.file, AUDIO_DEMUXERS)];
  }
  const synth = music.lavfi === undefined ? null : parseMusicSynth(music.lavfi);
  if (!synth) throw new MusicSourceRefused(JSON.stringify(music.lavfi ?? null).slice(0, 200));
  return ['-f', 'lavfi', '-i', musicSynthToLavfi(synth, options.seconds)];
};

/** A `color` lavfi source of a `#RRGGBB` colour (nothing else is written into the filter string). */
export const colourSource = (colour: string, size: string, rate?: number): string => {
  if (!/^#[0-9a-fA-F]{6}$/.test(colour)) throw new Error(`not a #RRGGBB colour: ${JSON.stringify(colour)}`);
  if (!/^\d{1,5}x\d{1,5}$/.test(size)) throw new Error(`not a size: ${size}`);
  return `color=c=${colour}:s=${size}${rate ? `:r=${rate}` : ''}`;
};
