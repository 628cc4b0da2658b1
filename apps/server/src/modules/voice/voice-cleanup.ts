import { voiceJobTypes } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { jobOfTask, unqueuedGraceStart, UNQUEUED_SWEEP_BATCH } from '../../platform/jobs/unqueued-tasks.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { ASR_UPLOAD_CATEGORY } from './voice-subtitles.js';
import type { VoiceHold } from './voice.hold.js';
import type { VoiceRepositories, VoiceRepository, VoiceTaskKind } from './voice.repository.js';
import type { VoiceTaskRow } from './voice.table.js';
import type { VoiceViews } from './voice-views.js';

/** How a voice task ends outside its job: deleted by its owner, dropped by the sweep, settled when its job failed. */
export const createVoiceCleanup = (deps: {
  store: VoiceRepositories;
  /** The job runner's lookup of a task's job takes it. */
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'cancel'>;
  storage: Pick<FileStorage, 'remove'>;
  repo: VoiceRepository;
  hold: Pick<VoiceHold, 'release' | 'giveBack'>;
  views: Pick<VoiceViews, 'findOwned'>;
}) => {
  const { store, db, clock, storage, repo, hold } = deps;

  /**
   * Deletes the files a deleted task owns: the MP3 a dubbing made, and the audio uploaded with a subtitle
   * request unless another live task of the user uses the same file. Neither is ever shared to the plaza (a
   * dubbing is shared as a video, which has files of its own), so nothing else refers to them.
   */
  const deleteOwnFiles = async (task: Pick<VoiceTaskRow, 'outputKey' | 'inputKey'>) => {
    if (task.outputKey) await storage.remove(task.outputKey, 'private');
    if (task.inputKey?.startsWith(`${ASR_UPLOAD_CATEGORY}/`) && !(await repo.inputInUse(task.inputKey)))
      await storage.remove(task.inputKey, 'private');
  };

  return {
    /** Deletes a task; a queued or running one is canceled first and its gold given back. */
    async remove(actor: Actor, kind: VoiceTaskKind, id: number): Promise<boolean> {
      const view = await deps.views.findOwned(actor, kind, id);
      if (view.jobId && (view.state === 'queued' || view.state === 'running')) {
        await deps.jobs.cancel(view.jobId, { tenantId: actor.tenantId });
      }
      // Hold first, task row second: the same lock order as the cancel's own settlement (giveBack), which may
      // run at this very moment; the opposite order deadlocks on PostgreSQL.
      await store.transaction(async ({ voice }, tx) => {
        if (view.cost > 0) await hold.release(tx, view);
        if (!(await voice.softDelete(view.id, clock.now()))) throw notFound('voice_task_not_found');
      });
      await deleteOwnFiles(view);
      return true;
    },

    /**
     * Tasks accepted (gold held) whose process died before their job was linked: linked to their job when it
     * was enqueued after all, else given their gold back and dropped like a task whose enqueue failed. Answers
     * how many were dropped.
     */
    async sweepUnqueued(now = clock.now()): Promise<number> {
      let dropped = 0;
      for (const task of await repo.unqueued(unqueuedGraceStart(now), UNQUEUED_SWEEP_BATCH)) {
        const type = task.kind === 'tts' ? voiceJobTypes.textToSpeech : voiceJobTypes.audioToSrt;
        const jobId = await jobOfTask(db, type, task.id);
        if (jobId) {
          await repo.attachJob(task.id, jobId);
          continue;
        }
        await hold.giveBack(task);
        if (await repo.softDelete(task.id, now)) await deleteOwnFiles(task);
        dropped += 1;
      }
      return dropped;
    },

    /** Called when a voice job ends without success (failed for good, canceled, timed out). */
    async onJobOver(jobId: number) {
      const task = await repo.findByJob(jobId);
      if (task) await hold.giveBack(task);
    },
  };
};
