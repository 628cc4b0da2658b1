import './voice.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { GoldHoldsPort } from '../../platform/wallet/task-hold.js';
import type { VoiceEngines } from './engines.js';
import type { CueTranslator } from './text/translate-cues.js';
import { createVoiceAccept } from './voice-accept.js';
import { createVoiceCleanup } from './voice-cleanup.js';
import { createVoiceDubbing } from './voice-dubbing.js';
import { createVoiceHold } from './voice.hold.js';
import type { VoiceRepositories } from './voice.repository.js';
import { createVoiceSubtitles } from './voice-subtitles.js';
import { createVoiceViews } from './voice-views.js';
import { createVoiceCatalog } from './voice-catalog.js';

// What the routes read of an upload, and the sample key the script tests look a cached sample up by.
export { ASR_UPLOAD_CATEGORY, type AudioInput } from './voice-subtitles.js';
export { voiceSampleKey } from './voice-catalog.js';

import type { AigcSigner } from '../../platform/aigc/aigc-label.js';

export interface VoiceServiceDeps {
  store: VoiceRepositories;
  /** Platform and other modules' calls that take a database (the wallet's holds, the dictionary, the jobs). */
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue' | 'cancel'>;
  /** Task files, and the cache of voice samples and line previews (shared by every process: S3 when set up). */
  storage: Pick<FileStorage, 'urlFor' | 'remove' | 'read' | 'backend'>;
  censor: { censorText(text: string, tenantId?: number): Promise<{ ok: boolean }> };
  engines: VoiceEngines;
  /** Gold set aside when a task is accepted, spent when it succeeds, given back when it fails or is deleted. */
  holds: GoldHoldsPort;
  /** Translates subtitle lines (the configured text provider); null when only the offline engine is set up. */
  translator?: CueTranslator | null;
  /** Signs the hidden AI label of a dubbing's ASS subtitles. */
  aigc: AigcSigner;
}

/**
 * Dubbing and subtitles, composed of their parts: voices (options, samples, previews, the reading dictionary),
 * dubbings and subtitle tasks accepted under a gold hold, the caller's views, and tasks ended outside their job.
 */
export const createVoiceService = (deps: VoiceServiceDeps) => {
  const { store, db, clock, jobs, storage } = deps;
  const repo = store.repos.voice;
  const hold = createVoiceHold({ db, store, holds: deps.holds });
  const voices = createVoiceCatalog(deps);
  const views = createVoiceViews({ storage, repo, hold, aigc: deps.aigc });
  const accept = createVoiceAccept({ store, clock, jobs, repo, hold, views });
  const dubbing = createVoiceDubbing({ db, clock, voices, accept });
  const subtitles = createVoiceSubtitles({ ...deps, repo, voices, accept, views });
  const cleanup = createVoiceCleanup({ store, db, clock, jobs, storage, repo, hold, views });
  return {
    repo,
    options: voices.options,
    voiceFor: voices.voiceFor,
    preview: voices.preview,
    resolveLines: voices.resolveLines,
    scriptText: voices.scriptText,
    previewLine: voices.previewLine,
    pinyin: voices.pinyin,
    readingFixes: voices.readingFixes,
    removeReadingFix: voices.removeReadingFix,
    capabilities: subtitles.capabilities,
    bilingual: subtitles.bilingual,
    editSubtitles: subtitles.editSubtitles,
    addAsr: subtitles.addAsr,
    addTts: dubbing.addTts,
    addScript: dubbing.addScript,
    ttsDetail: views.ttsDetail,
    ttsPage: views.ttsPage,
    asrPage: views.asrPage,
    remove: cleanup.remove,
    sweepUnqueued: cleanup.sweepUnqueued,
    onJobOver: cleanup.onJobOver,
  };
};
export type VoiceService = ReturnType<typeof createVoiceService>;
