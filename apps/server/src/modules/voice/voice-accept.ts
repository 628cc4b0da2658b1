import { voiceJobTypes, type HoldReason } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db/client.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { checkTaskLimit, type TaskCapability, type TaskLimits } from '../../platform/jobs/task-limits.js';
import { unqueuedGraceStart } from '../../platform/jobs/unqueued-tasks.js';
import type { VoiceHold } from './voice.hold.js';
import type { TtsJobPayload } from './voice.payload.js';
import type { VoiceRepositories, VoiceRepository, VoiceTaskKind } from './voice.repository.js';
import type { voiceTasks } from './voice.table.js';
import type { VoiceViews } from './voice-views.js';

const TTS_TIMEOUT_MS = 5 * 60_000;
/** What a task of each kind counts towards: its capability's limit, by the jobs of its type. */
const LIMITED_AS = {
  tts: { capability: 'dubbing', jobType: voiceJobTypes.textToSpeech },
  asr: { capability: 'subtitles', jobType: voiceJobTypes.audioToSrt },
} as const satisfies Record<VoiceTaskKind, { capability: TaskCapability; jobType: string }>;

type TaskValues = Omit<typeof voiceTasks.$inferInsert, 'tenantId' | 'userId' | 'kind' | 'createdAt'> & {
  cost: number;
};

/** A voice task accepted: within the user's task limit, written with its gold held, in one transaction. */
export const createVoiceAccept = (deps: {
  store: VoiceRepositories;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  repo: VoiceRepository;
  hold: Pick<VoiceHold, 'place' | 'giveBack'>;
  views: Pick<VoiceViews, 'toTtsTask'>;
}) => {
  const { store, clock, repo } = deps;

  /** Refuses a task of `kind` past the caller's task limit: first in the transaction that writes the task. */
  const checkVoiceTaskLimit = (tx: Tx, { tenantId, uid }: Actor, kind: VoiceTaskKind, limits: TaskLimits) =>
    checkTaskLimit(tx, {
      tenantId,
      userId: uid,
      ...LIMITED_AS[kind],
      limits,
      now: clock.now(),
      unqueued: () =>
        store.within(tx).voice.unqueuedSince(tenantId, uid, kind, unqueuedGraceStart(clock.now())),
    });

  return {
    /**
     * Writes an accepted task of `kind` and holds its cost under `reason`, after the task limit and with
     * `alongside` (more rows of the same decision) in the same transaction.
     */
    accept(
      actor: Actor,
      kind: VoiceTaskKind,
      limits: TaskLimits,
      values: TaskValues,
      reason: HoldReason,
      alongside?: (repos: VoiceRepositories['repos']) => Promise<void>,
    ) {
      return store.transaction(async (repos, tx) => {
        await checkVoiceTaskLimit(tx, actor, kind, limits);
        const row = await repos.voice.insert({
          tenantId: actor.tenantId,
          userId: actor.uid,
          kind,
          ...values,
          createdAt: clock.now(),
        });
        await alongside?.(repos);
        await deps.hold.place(tx, row, values.cost, reason);
        return row;
      });
    },

    /**
     * Queues an accepted dubbing's job and answers the task; when the queue refuses, the task's gold goes back
     * and the task is removed.
     */
    async enqueueTts(
      actor: Actor,
      task: { id: number; tenantId: number; cost: number },
      payload: TtsJobPayload,
    ) {
      try {
        const job = await deps.jobs.enqueue(voiceJobTypes.textToSpeech, payload, {
          tenantId: actor.tenantId,
          userId: actor.uid,
          timeoutMs: TTS_TIMEOUT_MS,
        });
        await repo.attachJob(task.id, job.id);
      } catch (error) {
        await deps.hold.giveBack(task);
        await repo.softDelete(task.id, clock.now());
        throw error;
      }
      return deps.views.toTtsTask(
        (await repo.findOwned(actor.tenantId, actor.uid, 'tts', task.id))!,
        actor.locale,
      );
    },
  };
};
export type VoiceAccept = ReturnType<typeof createVoiceAccept>;
