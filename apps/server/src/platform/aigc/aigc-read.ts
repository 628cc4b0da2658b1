import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runProcess } from '../process.js';
import { labelFromAss, labelFromXmp } from './aigc-embed.js';
import { parseAigcJson, type AigcLabel } from './aigc-label.js';

/** What a file is, as far as finding its label goes. */
export type LabelledKind = 'image' | 'audio' | 'video' | 'subtitles' | 'unknown';

const isImage = (data: Buffer) =>
  data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (data[0] === 0xff && data[1] === 0xd8) ||
  (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP');

const isMedia = (data: Buffer) =>
  data.subarray(4, 8).toString('latin1') === 'ftyp' ||
  data.subarray(0, 3).toString('latin1') === 'ID3' ||
  (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0);

/** The container's tags as ffprobe reads them (from a temporary file: MP4's index may sit at its end). */
const probeTags = async (data: Buffer): Promise<Record<string, string>> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'aigc-'));
  try {
    const file = path.join(dir, 'input');
    await writeFile(file, data);
    const { stdout } = await runProcess(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { stdout: true },
    );
    const probe = JSON.parse(stdout.toString('utf8')) as {
      format?: { tags?: Record<string, string> };
      streams?: { codec_type?: string }[];
    };
    const video = probe.streams?.some((s) => s.codec_type === 'video');
    return { ...(probe.format?.tags ?? {}), '#kind': video ? 'video' : 'audio' };
  } catch {
    return {};
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** Finds the hidden label in a file of ours: picture XMP, MP4/MP3 tags, an ASS line. */
export const readAigcLabel = async (
  data: Buffer,
): Promise<{ kind: LabelledKind; label: AigcLabel | null }> => {
  if (isImage(data)) {
    const meta = await sharp(data).metadata().catch(() => null);
    const xmp = meta?.xmp ? labelFromXmp(meta.xmp.toString('utf8')) : null;
    return { kind: 'image', label: xmp };
  }
  if (isMedia(data)) {
    const tags = await probeTags(data);
    const field = Object.entries(tags).find(([key]) => key.toUpperCase() === 'AIGC')?.[1];
    const kind = (tags['#kind'] as LabelledKind | undefined) ?? 'unknown';
    return { kind, label: field ? parseAigcJson(field) : null };
  }
  const text = data.subarray(0, 64 * 1024).toString('utf8');
  if (/^\uFEFF?\[Script Info\]/.test(text)) return { kind: 'subtitles', label: labelFromAss(text) };
  return { kind: 'unknown', label: null };
};
