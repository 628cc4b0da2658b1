import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runProcess } from '../process.js';
import type { FileStorage } from '../storage/file-storage.js';
import { isGeneratedKey } from '../storage/own-media.js';
import { aigcFfmpegArgs } from './aigc-embed.js';
import type { AigcLabel, AigcSigner } from './aigc-label.js';
import { readAigcLabel } from './aigc-read.js';
import { encodeLabelledPicture } from './picture-label.js';

/** A file's bytes again through ffmpeg, streams copied, with the label as its container metadata. */
const remuxed = async (data: Buffer, label: AigcLabel, container: 'mp4' | 'mp3'): Promise<Buffer> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'aigc-spread-'));
  try {
    const input = path.join(dir, `in.${container}`);
    const output = path.join(dir, `out.${container}`);
    await writeFile(input, data);
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-i', input, '-map', '0', '-c', 'copy', '-map_metadata', '0', ...aigcFfmpegArgs(label, container), output]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** The file with `label` in place of its own, in its own format; null for a format we do not label. */
const relabelled = async (data: Buffer, kind: string, label: AigcLabel): Promise<{ body: Buffer; mime: string } | null> => {
  if (kind === 'image') {
    const format = (await sharp(data).metadata()).format;
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') return null;
    return { body: await encodeLabelledPicture(data, label, format), mime: `image/${format}` };
  }
  if (kind === 'video') return { body: await remuxed(data, label, 'mp4'), mime: 'video/mp4' };
  if (kind === 'audio') return { body: await remuxed(data, label, 'mp3'), mime: 'audio/mpeg' };
  return null;
};

export interface PublishedFilesDeps {
  storage: Pick<FileStorage, 'resolveOwnUrl' | 'backend'>;
  signer: AigcSigner;
  publicBaseUrl?: string;
}

/**
 * GB 45438-2025's propagation fields (ContentPropagator, PropagateID, ReservedCode2) in the hidden labels of the
 * public files a published work shows (`urls`: its video, audio, cover and pictures), so a file downloaded from
 * the plaza says where it was spread. Only files our AI tools made whose label of ours holds; a file spread before
 * (a drawing first published to the hall) keeps its first propagation. Answers the keys it rewrote.
 */
export const propagatePublishedFiles = async (
  deps: PublishedFilesDeps,
  urls: readonly string[],
  propagateId: string,
): Promise<string[]> => {
  const origins = deps.publicBaseUrl ? [new URL(deps.publicBaseUrl).origin] : [];
  const rewritten: string[] = [];
  for (const url of new Set(urls)) {
    const own = deps.storage.resolveOwnUrl(url, origins);
    if (!own || own.visibility !== 'public' || !isGeneratedKey(own.key)) continue;
    const file = await deps.storage.backend.read(own.key, 'public');
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
    const data = Buffer.concat(chunks);
    const { kind, label } = await readAigcLabel(data);
    if (!label) continue;
    const checked = deps.signer.verify(label);
    if (!checked.produced || checked.propagation === true) continue;
    const next = await relabelled(data, kind, deps.signer.propagate(label, propagateId));
    if (!next) continue;
    await deps.storage.backend.put(own.key, 'public', next.body, next.mime);
    rewritten.push(own.key);
  }
  return rewritten;
};
