import { randomInt } from 'node:crypto';
import type { VideoScene } from '@app/contract';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';
import type { RenderPayload } from './video.payload.js';
import type { videoScenes, VideoSceneRow } from './video.table.js';

export type SceneInsert = typeof videoScenes.$inferInsert;

/** Pictures the scene job makes and stores (the others are a stored file already, or the template's or article's). */
export const madeByJob = (kind: VideoSceneRow['pictureKind']) => kind === 'generated' || kind === 'color';

/** Whether a scene has everything the render needs. */
export const sceneComplete = (scene: VideoSceneRow) =>
  !!scene.voiceKey && (!!scene.pictureKey || !madeByJob(scene.pictureKind));

/** The seed of a drawn scene picture (a new one draws a new picture). */
export const newSeed = () => randomInt(1, 2 ** 31 - 1);

/**
 * The picture a scene starts with, from the task's picture source: drawn, the article's pictures in turn (a
 * scene made from the text), or the template's. A scene the user adds later starts drawn or with the template's.
 */
export const firstPicture = (
  payload: RenderPayload,
  index: number | null,
): Pick<SceneInsert, 'pictureKind' | 'pictureRef'> => {
  if (payload.imageSource === 'draw') return { pictureKind: 'generated', pictureRef: String(newSeed()) };
  if (index !== null && payload.imageSource === 'article' && payload.articleImages.length)
    return {
      pictureKind: 'article',
      pictureRef: payload.articleImages[index % payload.articleImages.length]!,
    };
  return { pictureKind: 'template', pictureRef: payload.templatePicture || null };
};

/** A scene as the page shows it: its picture and voice behind signed links, its state. */
export const toScene = (row: VideoSceneRow, storage: Pick<FileStorage, 'urlFor'>): VideoScene => {
  const stored = row.pictureKey
    ? storage.urlFor(row.pictureKey, (row.pictureVisibility ?? 'private') as Visibility)
    : null;
  const linked = row.pictureKind === 'template' || row.pictureKind === 'article' ? row.pictureRef : null;
  return {
    id: row.id,
    position: row.position,
    line: row.line,
    pictureKind: row.pictureKind,
    pictureUrl: stored ?? linked,
    colors: row.pictureKind === 'color' && row.pictureRef ? row.pictureRef.split(',') : null,
    voiceUrl: row.voiceKey ? storage.urlFor(row.voiceKey, 'private') : null,
    voiceSeconds: row.voiceSeconds,
    words: row.words,
    status: row.status === 'failed' ? 'failed' : sceneComplete(row) ? 'ready' : 'pending',
    jobId: row.jobId,
  };
};

/** A file made for a scene, and whether the scene owns it (a user's own upload or drawing is theirs). */
export interface SceneFile {
  key: string | null;
  owned: boolean;
}
export const voiceFile = (scene: VideoSceneRow): SceneFile => ({ key: scene.voiceKey, owned: true });
export const pictureFile = (scene: VideoSceneRow): SceneFile => ({
  key: scene.pictureKey,
  owned: scene.pictureOwned,
});
