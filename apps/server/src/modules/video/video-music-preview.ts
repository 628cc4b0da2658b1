import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { localFileFor } from './media-files.js';
import type { ScoreAudio } from './music/score-audio.js';
import { ffmpeg } from './pipeline/ffmpeg.js';
import { musicInputArgs, MusicSourceRefused } from './pipeline/sources.js';
import type { VideoCatalog } from './video-catalog.js';

/** A short MP3 of a music track, cut once from its score's audio (or its file, or its synth) and cached. */
export const createBgmPreview = (deps: {
  catalog: Pick<VideoCatalog, 'bgms'>;
  storage: Pick<FileStorage, 'read' | 'resolveOwnUrl'>;
  /** Where music previews are cached. */
  cacheDir: string;
  scoreAudio: ScoreAudio;
}) =>
  async function bgmPreview({ tenantId }: Actor, id: string): Promise<Buffer> {
    const bgm = (await deps.catalog.bgms(tenantId)).find((b) => b.value === id);
    if (!bgm) throw notFound('video_bgm_unknown');
    const digest = createHash('sha256').update(JSON.stringify(bgm.data)).digest('hex').slice(0, 16);
    const file = path.join(deps.cacheDir, `${digest}.mp3`);
    const cached = await readFile(file).catch(() => null);
    if (cached) return cached;
    await mkdir(deps.cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp.mp3`;
    let source: string | null = null;
    try {
      const score = bgm.data.score ? await deps.scoreAudio.fileFor(bgm.data.score) : null;
      source = score ?? (bgm.data.url ? await localFileFor(bgm.data.url, deps.cacheDir, deps.storage) : null);
      if (!score && bgm.data.url && !source) throw new Error('music file missing');
      // Checked again right before ffmpeg runs: a row written around the dictionary's check runs nothing.
      const input = musicInputArgs(source ? { file: source } : { lavfi: bgm.data.lavfi }, { seconds: 10 });
      await ffmpeg([
        ...input,
        '-t',
        '10',
        '-af',
        'afade=t=out:st=8.5:d=1.5',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '96k',
        tmp,
      ]);
      const audio = await readFile(tmp);
      await writeFile(file, audio);
      return audio;
    } catch (error) {
      if (error instanceof MusicSourceRefused) throw notFound('video_bgm_unknown');
      throw new AppError(500, 'video_music_failed');
    } finally {
      await rm(tmp, { force: true });
      // A stored file was copied into the cache folder to be read; the preview is what is kept.
      if (source?.startsWith(deps.cacheDir)) await rm(source, { force: true });
    }
  };
