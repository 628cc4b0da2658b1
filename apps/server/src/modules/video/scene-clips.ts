import { createWriteStream } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { SceneClipCache } from './pipeline/render.js';
import type { StoryboardRepository } from './storyboard.repository.js';
import type { VideoSceneRow } from './video.table.js';

/**
 * A storyboard's scene clips, kept privately with their scenes (`clip_key`, `clip_hash`): the render reuses a
 * scene's clip while its hash is the same, and keeps each clip it makes in place of the scene's previous one.
 * The clips go with the scene's other files (task deleted or expired, scene deleted).
 */
export const storyboardClipCache = (deps: {
  scenes: VideoSceneRow[];
  repo: Pick<StoryboardRepository, 'storeClip'>;
  storage: Pick<FileStorage, 'save' | 'read' | 'remove'>;
  owner: { tenantId: number; userId: number };
}): SceneClipCache => ({
  async reuse(index, hash, out) {
    const scene = deps.scenes[index];
    if (!scene?.clipKey || scene.clipHash !== hash) return false;
    const read = await deps.storage.read(scene.clipKey, 'private');
    if (!read) return false;
    await pipeline(read.stream, createWriteStream(out));
    return true;
  },

  async keep(index, hash, file) {
    const scene = deps.scenes[index];
    if (!scene) return;
    // The render still joins `file` after this: the store takes a copy (the local store moves what it is given).
    const copy = `${file}.keep`;
    await copyFile(file, copy);
    const saved = await deps.storage
      .save({
        ...deps.owner,
        category: 'video',
        visibility: 'private',
        body: { path: copy },
        ext: 'h264',
        mime: 'video/h264',
        kind: 'video',
        size: (await stat(copy)).size,
      })
      .finally(() => rm(copy, { force: true }));
    await deps.repo.storeClip(scene.id, saved.key, hash);
    if (scene.clipKey) await deps.storage.remove(scene.clipKey, 'private').catch(() => undefined);
  },
});
