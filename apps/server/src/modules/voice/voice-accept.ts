import { voiceJobTypes, type HoldReason, type Locale } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { checkTaskLimit, type TaskCapability, type TaskLimits } from '../../platform/jobs/task-limits.js';
import { unqueuedGraceStart } from '../../platform/jobs/unqueued-tasks.js';
import type { VoiceHold } from './voice.hold.js';
import type { TtsJobPayload } from './voice.payload.js';
import { createVoiceRepository, type VoiceRepository, type VoiceTaskKind } from './voice.repository.js';
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
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  repo: VoiceRepository;
  hold: Pick<VoiceHold, 'place' | 'giveBack'>;
  views: Pick<VoiceViews, 'toTtsTask'>;
}) => {
  const { db, clock, repo } = deps;

  /** Refuses a task of `kind` past the user's task limit: first in the transaction that writes the task. */
  const checkVoiceTaskLimit = (
    tx: DbOrTx,
    user: { tenantId: number; userId: number },
    kind: VoiceTaskKind,
    limits: TaskLimits,
  ) =>
    checkTaskLimit(tx, {
      ...user,
      ...LIMITED_AS[kind],
      limits,
      now: clock.now(),
      unqueued: () =>
        createVoiceRepository(tx).unqueuedSince(
          user.tenantId,
          user.userId,
          kind,
          unqueuedGraceStart(clock.now()),
        ),
    });

  return {
    /**
     * Writes an accepted task of `kind` and holds its cost under `reason`, after the task limit and with
     * `alongside` (more rows of the same decision) in the same transaction.
     */
    accept(
      user: { tenantId: number; userId: number },
      kind: VoiceTaskKind,
      limits: TaskLimits,
      values: TaskValues,
      reason: HoldReason,
      alongside?: (tx: Tx) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        await checkVoiceTaskLimit(tx, user, kind, limits);
        const row = await createVoiceRepository(tx).insert({
          ...user,
          kind,
          ...values,
          createdAt: clock.now(),
        });
        await alongside?.(tx);
        await deps.hold.place(tx, row, values.cost, reason);
        return row;
      });
    },

    /**
     * Queues an accepted dubbing's job and answers the task; when the queue refuses, the task's gold goes back
     * and the task is removed.
     */
    async enqueueTts(
      task: { id: number; tenantId: number; cost: number },
      payload: TtsJobPayload,
      input: { tenantId: number; userId: number; locale: Locale },
    ) {
      try {
        const job = await deps.jobs.enqueue(voiceJobTypes.textToSpeech, payload, {
          tenantId: input.tenantId,
          userId: input.userId,
          timeoutMs: TTS_TIMEOUT_MS,
        });
        await repo.attachJob(task.id, job.id);
      } catch (error) {
        await deps.hold.giveBack(task);
        await repo.softDelete(task.id, clock.now());
        throw error;
      }
      return deps.views.toTtsTask(
        (await repo.findOwned(input.tenantId, input.userId, 'tts', task.id))!,
        input.locale,
      );
    },
  };
};
export type VoiceAccept = ReturnType<typeof createVoiceAccept>;
