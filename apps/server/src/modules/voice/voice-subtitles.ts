import { voiceJobTypes, type AsrCapabilities } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { getAppConfig } from '../dictionary/index.js';
import type { VoiceEngines } from './engines.js';
import { reanchorCues } from './text/reanchor.js';
import { buildSrt } from './text/srt.js';
import { translateCues, type CueTranslator } from './text/translate-cues.js';
import type { VoiceAccept } from './voice-accept.js';
import type { AsrJobPayload } from './voice.payload.js';
import type { VoiceRepository, VoiceTaskKind } from './voice.repository.js';
import type { VoiceViews } from './voice-views.js';
import type { VoiceCatalog } from './voice-catalog.js';

/**
 * Storage folder of audio uploaded with a subtitle request: that file is the task's own and goes with it. An
 * earlier upload named by `fileId` (another folder) stays the user's: it may be in use elsewhere.
 */
export const ASR_UPLOAD_CATEGORY = 'asr';

/** The audio file a subtitle task works on (an upload already checked by content and ffprobe). */
export interface AudioInput {
  key: string;
  mime: string;
  /** Seconds. */
  duration: number;
}

const ASR_TIMEOUT_MS = 3 * 60_000;

/** Subtitles are priced per started minute of audio (a 61 s recording is two minutes). */
const subtitlesCost = (seconds: number, goldPerMinute: number) =>
  goldPerMinute > 0 ? Math.max(1, Math.ceil(seconds / 60)) * goldPerMinute : 0;

/** One of the caller's tasks, by kind and id. */
type TaskRef = { kind: VoiceTaskKind; id: number };

/**
 * 字幕: subtitles of an uploaded recording (transcribed, or aligned to the user's script), and what a finished
 * task's subtitles become: edited lines timed again, or a bilingual version.
 */
export const createVoiceSubtitles = (deps: {
  /** The dictionary module reads the prices and task limits with it. */
  db: Db;
  jobs: Pick<JobRunner, 'enqueue'>;
  engines: VoiceEngines;
  translator?: CueTranslator | null;
  repo: VoiceRepository;
  voices: Pick<VoiceCatalog, 'checkText'>;
  accept: Pick<VoiceAccept, 'accept'>;
  views: Pick<VoiceViews, 'findOwned' | 'toAsrTask'>;
}) => {
  const { db, engines, repo, views } = deps;

  /** A task whose subtitles are made (anything else: subtitle_not_ready). */
  const finished = async (actor: Actor, task: TaskRef) => {
    const view = await views.findOwned(actor, task.kind, task.id);
    if (view.state !== 'succeeded' || !view.segments.length) throw badRequest('subtitle_not_ready');
    return view;
  };

  return {
    /** What this server can do with audio, said before any upload. */
    capabilities(): AsrCapabilities {
      return {
        transcribe: engines.transcribes,
        align: true,
        engine: engines.transcriber?.name ?? null,
        offline: engines.transcriber?.offline ?? false,
        translate: Boolean(deps.translator),
      };
    },

    /** Accepts a subtitle task for an uploaded audio file; refuses when no engine can do it. */
    async addAsr(actor: Actor, input: { audio: AudioInput; script: string | null }) {
      const { tenantId, uid } = actor;
      const script = input.script?.trim() || null;
      const engine = engines.asrFor(script);
      if (!engine) throw badRequest('asr_needs_script');
      await engine.check?.().catch((error: unknown) => {
        // The user hears only that recognition is unavailable; why (a model directory, a setting) goes to the
        // operators' log through the error's cause.
        throw Object.assign(new AppError(503, 'asr_engine_unusable', { engine: engine.name }), {
          cause: error,
        });
      });
      if (script) await deps.voices.checkText(script, tenantId);
      const { prices, taskLimits } = await getAppConfig(db, tenantId);
      const task = await deps.accept.accept(
        actor,
        'asr',
        taskLimits,
        {
          text: script,
          inputKey: input.audio.key,
          inputMime: input.audio.mime,
          duration: input.audio.duration,
          cost: subtitlesCost(input.audio.duration, prices.goldPerSubtitleMinute),
          engine: engine.name,
          offline: engine.offline,
        },
        'ai_subtitles',
      );
      const payload: AsrJobPayload = { taskId: task.id };
      const job = await deps.jobs.enqueue(voiceJobTypes.audioToSrt, payload, {
        tenantId,
        userId: uid,
        timeoutMs: ASR_TIMEOUT_MS,
      });
      await repo.attachJob(task.id, job.id);
      return views.toAsrTask((await repo.findOwned(tenantId, uid, 'asr', task.id))!, actor.locale);
    },

    /**
     * Bilingual subtitles of a finished task: every cue translated by the configured text provider, each
     * translation keeping its original's start and end (nothing is re-timed).
     */
    async bilingual(actor: Actor, input: TaskRef & { lang: string }) {
      const view = await finished(actor, input);
      const translator = deps.translator;
      if (!translator) throw new AppError(503, 'subtitle_translation_unavailable');
      const { lines, engine } = await translateCues(
        translator,
        view.segments.map((s) => s.text),
        input.lang,
      );
      const segments = view.segments.map((s, i) => ({ ...s, translation: lines[i]! }));
      return {
        bilingual: buildSrt(segments.map((s) => ({ ...s, extra: s.translation }))),
        translated: buildSrt(segments.map((s) => ({ ...s, text: s.translation }))),
        segments,
        engine,
      };
    },

    /**
     * The user's edit of a finished task's subtitles: each line timed again from the speech the task was made
     * from (our voice's own timings, or the alignment / transcription), so no cue drifts; the cue rules hold.
     */
    async editSubtitles(actor: Actor, input: TaskRef & { lines: string[] }) {
      const view = await finished(actor, input);
      const segments = reanchorCues(view.spoken ?? view.segments, input.lines);
      if (!segments.length) throw badRequest('subtitle_lines_empty');
      await deps.voices.checkText(segments.map((s) => s.text).join('\n'), actor.tenantId);
      const srt = buildSrt(segments);
      if (!(await repo.setCues(view.id, { segments, srt }))) throw notFound('voice_task_not_found');
      return { segments, srt };
    },
  };
};
