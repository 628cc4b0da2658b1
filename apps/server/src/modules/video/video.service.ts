import './video.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Db } from '../../platform/db/client.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import type { ScoreAudio } from './music/score-audio.js';
import { createVideoBatches } from './video-batch.js';
import { createVideoCatalog } from './video-catalog.js';
import { createVideoFiles } from './video-files.js';
import { createVideoHold } from './video.hold.js';
import { createVideoProject } from './video-project.js';
import { createBgmPreview } from './video-music-preview.js';
import { createVideoRenders } from './video-render.js';
import type { VideoRepositories } from './video.repository.js';
import { createVideoRequests } from './video-request.js';
import type { VideoSpeaker } from './video-speaker.js';
import { createVideoViews } from './video-views.js';

// The hold's refType, for the tests that read the wallet's rows of a video.
export { VIDEO_HOLD_TYPE } from './video.hold.js';

export interface VideoServiceDeps {
  /** For the reads of other modules and the platform (dictionary, plaza, voices, the job table, the hold). */
  db: Db;
  /** AI video's repositories, made once by the module. */
  store: VideoRepositories;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue' | 'cancel'>;
  storage: Pick<
    FileStorage,
    'urlFor' | 'backend' | 'resolveOwnUrl' | 'read' | 'copyTo' | 'ownFile' | 'remove'
  >;
  censor: Pick<CensorService, 'censorText'>;
  speaker: Pick<VideoSpeaker, 'resolve'>;
  /** Where music previews are cached. */
  cacheDir: string;
  /** The project's own music, as audio. */
  scoreAudio: ScoreAudio;
  /** Whether the drawing engine can draw scene pictures on this server. */
  drawAvailable: () => Promise<boolean>;
}

/**
 * AI video from an article, composed of its parts: the catalog (templates, music, clips), requests checked and
 * priced, renders accepted and queued, batches, the caller's views, and files over their life.
 */
export const createVideoService = (deps: VideoServiceDeps) => {
  const { db, store, clock, jobs, storage } = deps;
  const hold = createVideoHold({ db, store, holds: createGoldHolds(clock) });
  const catalog = createVideoCatalog({ db, storage, drawAvailable: deps.drawAvailable });
  const requests = createVideoRequests({ ...deps, catalog });
  const views = createVideoViews({ clock, storage, store, hold });
  const renders = createVideoRenders({ db, store, clock, jobs, hold, requests, views });
  const batches = createVideoBatches({ db, store, clock, hold, requests, renders, views });
  const files = createVideoFiles({ db, store, clock, jobs, storage, hold, views });
  const project = createVideoProject({ store, clock, storage, scoreAudio: deps.scoreAudio, views });
  return {
    hold,
    options: catalog.options,
    bgmPreview: createBgmPreview({ catalog, storage, cacheDir: deps.cacheDir, scoreAudio: deps.scoreAudio }),
    estimate: requests.estimate,
    batchEstimate: requests.batchEstimate,
    prepare: requests.prepare,
    estimateOf: requests.estimateOf,
    checkSpoken: requests.checkSpoken,
    checkRenderLimit: renders.checkRenderLimit,
    holdForRender: renders.holdForRender,
    enqueueRender: renders.enqueueRender,
    add: renders.add,
    sweepUnqueued: renders.sweepUnqueued,
    onJobOver: renders.onJobOver,
    addBatch: batches.addBatch,
    startWaiting: batches.startWaiting,
    startAllWaiting: batches.startAllWaiting,
    toTask: views.toTask,
    findOwned: views.findOwned,
    detail: views.detail,
    page: views.page,
    remove: files.remove,
    share: files.share,
    project: project.project,
    moveFilesToPrivate: files.moveFilesToPrivate,
    expireDue: files.expireDue,
  };
};
export type VideoService = ReturnType<typeof createVideoService>;
