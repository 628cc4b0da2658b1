import type { AsrTask, Locale, TtsTask } from '@app/contract';
import { mapKeysetPage, type KeysetQuery } from '../../platform/db/keyset-page.js';
import { notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { hasMessage, translate } from '../../platform/i18n/i18n.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { withAssLabel } from '../../platform/aigc/aigc-embed.js';
import type { AigcSigner } from '../../platform/aigc/aigc-label.js';
import { buildAss } from './text/ass.js';
import type { VoiceHold } from './voice.hold.js';
import type { VoiceRepository, VoiceTaskKind, VoiceTaskView } from './voice.repository.js';

/** Why a failed task failed: its job's error id when it has a message, else a general one. */
const errorOf = (view: VoiceTaskView, locale: Locale) => {
  if (view.state !== 'failed') return { error: null, errorMessage: null };
  const raw = view.jobError ?? 'voice_task_failed';
  const id =
    raw === 'timeout'
      ? 'voice_timeout'
      : /^[a-z_]+$/.test(raw) && hasMessage(raw)
        ? raw
        : 'voice_task_failed';
  return { error: id, errorMessage: translate(locale, id) };
};

const common = (view: VoiceTaskView, locale: Locale) => ({
  id: view.id,
  status: view.state,
  progress: view.state === 'succeeded' ? 100 : view.progress,
  duration: view.duration,
  engine: view.engine,
  offline: view.offline,
  segments: view.segments,
  srt: view.srt,
  ...errorOf(view, locale),
  createTime: view.createdAt.toISOString(),
});

/** A dubbing's hidden label: the same ProduceID in its MP3 and its ASS (the task, dated when it was accepted). */
export const dubbingLabel = (
  aigc: AigcSigner,
  task: { id: number; tenantId: number; userId: number; createdAt: Date },
) =>
  aigc.label({ kind: 'tts', tenantId: task.tenantId, userId: task.userId, taskId: task.id, at: task.createdAt });

/** The caller's dubbings and subtitle tasks as the pages show them; reading one settles a dead job's gold. */
export const createVoiceViews = (deps: {
  storage: Pick<FileStorage, 'urlFor'>;
  repo: VoiceRepository;
  hold: Pick<VoiceHold, 'giveBack'>;
  aigc: AigcSigner;
}) => {
  const { storage, repo } = deps;

  /** `withAss`: the detail carries the karaoke ASS; pages leave it out (made on read, it is not free). */
  const toTtsTask = (view: VoiceTaskView, locale: Locale, withAss = false): TtsTask => ({
    ...common(view, locale),
    text: view.text ?? '',
    voice: view.voice ?? '',
    voiceLabel: view.voiceLabel ?? '',
    speed: view.speed ?? 100,
    audioUrl: view.outputKey ? storage.urlFor(view.outputKey, 'private') : null,
    cost: view.cost,
    lines: view.script ?? null,
    ass:
      withAss && view.segments.length
        ? withAssLabel(buildAss(view.segments, { karaoke: true }), dubbingLabel(deps.aigc, view))
        : null,
  });

  const toAsrTask = (view: VoiceTaskView, locale: Locale): AsrTask => ({
    ...common(view, locale),
    audioUrl: view.inputKey ? storage.urlFor(view.inputKey, 'private') : null,
    text: view.text,
    cost: view.cost,
  });

  /** A failed or canceled task still holding gold (its worker crashed before saying so) is settled on read. */
  const reconcile = async (view: VoiceTaskView): Promise<VoiceTaskView> => {
    if ((view.state === 'failed' || view.state === 'canceled') && view.cost > 0) {
      await deps.hold.giveBack(view);
      return { ...view, cost: 0 };
    }
    return view;
  };

  /** The caller's task of `kind`, settled if its job died. */
  const findOwned = async ({ tenantId, uid }: Actor, kind: VoiceTaskKind, id: number) => {
    const view = await repo.findOwned(tenantId, uid, kind, id);
    if (!view) throw notFound('voice_task_not_found');
    return reconcile(view);
  };

  const page = async ({ tenantId, uid }: Actor, kind: VoiceTaskKind, query: KeysetQuery) =>
    mapKeysetPage(await repo.page(tenantId, uid, kind, query), (items) => Promise.all(items.map(reconcile)));

  return {
    toTtsTask,
    toAsrTask,
    findOwned,

    async ttsDetail(actor: Actor, id: number) {
      return toTtsTask(await findOwned(actor, 'tts', id), actor.locale, true);
    },

    async ttsPage(actor: Actor, query: KeysetQuery) {
      return mapKeysetPage(await page(actor, 'tts', query), (items) =>
        items.map((v) => toTtsTask(v, actor.locale)),
      );
    },

    async asrPage(actor: Actor, query: KeysetQuery) {
      return mapKeysetPage(await page(actor, 'asr', query), (items) =>
        items.map((v) => toAsrTask(v, actor.locale)),
      );
    },
  };
};
export type VoiceViews = ReturnType<typeof createVoiceViews>;
