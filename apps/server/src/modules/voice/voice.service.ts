import {
  applyReadingFixes,
  countBillableWords,
  DUB_PREVIEW_MAX,
  stripDubMarks,
  TTS_DEFAULT_MAX_CHARS,
  TTS_TEXT_MAX,
  type AsrCapabilities,
  type DubLine,
  type ReadingFix,
  voiceJobTypes,
  type AsrTask,
  type Locale,
  type TtsAddBody,
  type TtsTask,
  type TtsVoice,
  type VoiceOptions,
} from '@app/contract';
import { createHash } from 'node:crypto';
import './voice.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { MemberRequest } from '../../platform/identity/membership.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { mapKeysetPage, type KeysetQuery } from '../../platform/db/keyset-page.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { translate, hasMessage } from '../../platform/i18n/i18n.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { checkTaskLimit, type TaskCapability, type TaskLimits } from '../../platform/jobs/task-limits.js';
import { jobOfTask, unqueuedGraceStart, UNQUEUED_SWEEP_BATCH } from '../../platform/jobs/unqueued-tasks.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { getAppConfig } from '../dictionary/index.js';
import type { VoiceEngines } from './engines.js';
import { cleanForSpeech } from './text/clean.js';
import { splitIntoCues } from './text/cues.js';
import { speakItems, synthesizeSpeech } from './tts/synthesize.js';
import { scriptItems } from './tts/script.js';
import { buildAss } from './text/ass.js';
import { charReadings } from './text/char-readings.js';
import { fixesOfLines } from './text/reading-fixes.js';
import { createReadingFixRepository } from './reading-fix.repository.js';
import { translateCues, type CueTranslator } from './text/translate-cues.js';
import { buildSrt } from './text/srt.js';
import { ttsVoices } from './tts/voices.js';
import {
  createVoiceRepository,
  setTaskCues,
  type VoiceTaskKind,
  type VoiceTaskView,
} from './voice.repository.js';
import { reanchorCues } from './text/reanchor.js';

/** The task a gold hold pays for (the wallet's hold API). */
export interface HoldRef {
  tenantId: number;
  refType: string;
  refId: string;
}

/** Gold set aside when a task is accepted, spent when it succeeds, given back when it fails or is deleted. */
export interface GoldHolds {
  reserve(db: DbOrTx, input: HoldRef & { userId: number; amount: number; reason: string }): Promise<unknown>;
  /** True when this call spent the held gold (false: already spent or given back). */
  capture(db: DbOrTx, ref: HoldRef): Promise<boolean>;
  /** True when this call gave the held gold back (false: already spent or given back). */
  release(db: DbOrTx, ref: HoldRef): Promise<boolean>;
}

export interface VoiceServiceDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue' | 'cancel'>;
  /** Task files, and the cache of voice samples and line previews (shared by every process: S3 when set up). */
  storage: Pick<FileStorage, 'urlFor' | 'remove' | 'read' | 'backend'>;
  censor: { censorText(text: string, tenantId?: number): Promise<{ ok: boolean }> };
  engines: VoiceEngines;
  holds: GoldHolds;
  /** Translates subtitle lines (the configured text provider); null when only the offline engine is set up. */
  translator?: CueTranslator | null;
}

/** The audio file a subtitle task works on (an upload already checked by content and ffprobe). */
export interface AudioInput {
  key: string;
  mime: string;
  /** Seconds. */
  duration: number;
}

/**
 * Storage folder of audio uploaded with a subtitle request: that file is the task's own and goes with it. An
 * earlier upload named by `fileId` (another folder) stays the user's: it may be in use elsewhere.
 */
export const ASR_UPLOAD_CATEGORY = 'asr';

/** Subtitles are priced per started minute of audio (a 61 s recording is two minutes). */
export const subtitlesCost = (seconds: number, goldPerMinute: number) =>
  goldPerMinute > 0 ? Math.max(1, Math.ceil(seconds / 60)) * goldPerMinute : 0;

const TTS_HOLD_TYPE = 'tts';
export const holdRef = (tenantId: number, taskId: number): HoldRef => ({
  tenantId,
  refType: TTS_HOLD_TYPE,
  refId: String(taskId),
});

/** What a voice sample says (about three seconds), by language. */
const PREVIEW_TEXT: Record<string, string> = {
  zh: '你好，我来为你的作品配音。',
  en: 'Hello, I will voice your story.',
  es: 'Hola, pondré voz a tu historia.',
  fr: 'Bonjour, je prête ma voix à votre histoire.',
};

/** Where voice samples and line previews are kept in the file store (private: served only through the API). */
export const VOICE_CACHE_FOLDER = 'cache/voice';
const digestOf = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 24);
/** The file store key of a voice's sample at a speed (changes when the voice's settings do). */
export const voiceSampleKey = (voice: TtsVoice, speed: number) =>
  `${VOICE_CACHE_FOLDER}/sample-${digestOf([voice, speed])}.mp3`;

const TTS_TIMEOUT_MS = 5 * 60_000;
const ASR_TIMEOUT_MS = 3 * 60_000;
/** What a task of each kind counts towards: its capability's limit, by the jobs of its type. */
const LIMITED_AS = {
  tts: { capability: 'dubbing', jobType: voiceJobTypes.textToSpeech },
  asr: { capability: 'subtitles', jobType: voiceJobTypes.audioToSrt },
} as const satisfies Record<VoiceTaskKind, { capability: TaskCapability; jobType: string }>;

/** Payload of a `text_to_speech` job: the voice as it was when asked (dictionary edits do not change it). */
export interface TtsJobPayload {
  taskId: number;
  voice: TtsVoice;
  /** A script's voices by value (each line names one). */
  voices?: Record<string, TtsVoice>;
}
export interface AsrJobPayload {
  taskId: number;
}

export const createVoiceService = (deps: VoiceServiceDeps) => {
  const { db, clock, jobs, storage, censor, engines, holds } = deps;

  /**
   * Audio made once and kept in the file store under a key naming what it is (a voice sample, a line preview):
   * every later request, from any process, is answered from the store.
   */
  const cachedAudio = async (key: string, make: () => Promise<Buffer>): Promise<Buffer> => {
    const stored = await storage.read(key, 'private').catch(() => null);
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    const audio = await make();
    await storage.backend.put(key, 'private', audio, 'audio/mpeg');
    return audio;
  };
  const repo = createVoiceRepository(db);
  const fixRepo = createReadingFixRepository(db);

  const voicesOf = (tenantId: number, locale?: Locale) => ttsVoices(db, tenantId, locale);

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
    ass: withAss && view.segments.length ? buildAss(view.segments, { karaoke: true }) : null,
  });

  const toAsrTask = (view: VoiceTaskView, locale: Locale): AsrTask => ({
    ...common(view, locale),
    audioUrl: view.inputKey ? storage.urlFor(view.inputKey, 'private') : null,
    text: view.text,
    cost: view.cost,
  });

  /** Gives the gold of a task that ended without success back (idempotent: the hold moves once). */
  const settleFailure = async (view: Pick<VoiceTaskView, 'id' | 'tenantId' | 'kind' | 'cost'>) => {
    if (view.cost === 0) return;
    await db.transaction(async (tx) => {
      if (await holds.release(tx, holdRef(view.tenantId, view.id))) {
        await createVoiceRepository(tx).setCost(view.id, 0);
      }
    });
  };

  /** A failed or canceled task still holding gold (its worker crashed before saying so) is settled on read. */
  const reconcile = async (view: VoiceTaskView): Promise<VoiceTaskView> => {
    if ((view.state === 'failed' || view.state === 'canceled') && view.cost > 0) {
      await settleFailure(view);
      return { ...view, cost: 0 };
    }
    return view;
  };

  /**
   * Queues an accepted dubbing's job and answers the task; when the queue refuses, the task's gold goes back
   * and the task is removed.
   */
  const enqueueTts = async (
    task: Pick<VoiceTaskView, 'id' | 'tenantId' | 'kind' | 'cost'>,
    payload: TtsJobPayload,
    input: { tenantId: number; userId: number; locale: Locale },
  ) => {
    try {
      const job = await jobs.enqueue(voiceJobTypes.textToSpeech, payload, {
        tenantId: input.tenantId,
        userId: input.userId,
        timeoutMs: TTS_TIMEOUT_MS,
      });
      await repo.attachJob(task.id, job.id);
    } catch (error) {
      await settleFailure(task);
      await repo.softDelete(task.id, clock.now());
      throw error;
    }
    return toTtsTask((await repo.findOwned(input.tenantId, input.userId, 'tts', task.id))!, input.locale);
  };

  const findOwned = async (tenantId: number, userId: number, kind: VoiceTaskKind, id: number) => {
    const view = await repo.findOwned(tenantId, userId, kind, id);
    if (!view) throw notFound('voice_task_not_found');
    return reconcile(view);
  };

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

  const page = async (tenantId: number, userId: number, kind: VoiceTaskKind, query: KeysetQuery) =>
    mapKeysetPage(await repo.page(tenantId, userId, kind, query), (items) =>
      Promise.all(items.map(reconcile)),
    );

  /**
   * Deletes the files a deleted task owns: the MP3 a dubbing made, and the audio uploaded with a subtitle
   * request unless another live task of the user uses the same file. Neither is ever shared to the plaza (a
   * dubbing is shared as a video, which has files of its own), so nothing else refers to them.
   */
  const deleteOwnFiles = async (task: Pick<VoiceTaskView, 'outputKey' | 'inputKey'>) => {
    if (task.outputKey) await storage.remove(task.outputKey, 'private');
    if (task.inputKey?.startsWith(`${ASR_UPLOAD_CATEGORY}/`) && !(await repo.inputInUse(task.inputKey)))
      await storage.remove(task.inputKey, 'private');
  };

  const checkText = async (text: string, tenantId: number) => {
    if (!(await censor.censorText(text, tenantId)).ok) throw badRequest('voice_content_rejected');
  };

  return {
    repo,

    async options(tenantId: number, locale: Locale = 'zh-Hans'): Promise<VoiceOptions> {
      const [voices, config] = await Promise.all([voicesOf(tenantId, locale), getAppConfig(db, tenantId)]);
      return {
        // A voice whose engine this server cannot run is not offered (its setup is the console's business).
        voices: voices
          .filter(({ data }) => engines.ttsFor(data.engine) !== null)
          .map(({ value, label, data }) => ({
            value,
            label,
            engine: data.engine,
            lang: data.lang,
            gender: data.gender,
            vipOnly: data.vipOnly,
            description: data.description,
            maxChars: data.maxChars ?? TTS_DEFAULT_MAX_CHARS,
            available: engines.ttsFor(data.engine) !== null,
            offline: engines.ttsFor(data.engine)?.offline ?? false,
          })),
        goldPerWord: config.prices.goldPerDubWord,
        goldPerSubtitleMinute: config.prices.goldPerSubtitleMinute,
        transcribes: engines.transcribes,
      };
    },

    /** The voice a request names, checked for membership and availability. */
    async voiceFor(tenantId: number, value: string, isVip: boolean) {
      const voice = (await voicesOf(tenantId)).find((v) => v.value === value);
      if (!voice) throw badRequest('tts_voice_unknown');
      if (voice.data.vipOnly && !isVip) throw forbidden('tts_voice_vip_only');
      const engine = engines.ttsFor(voice.data.engine);
      if (!engine) throw new AppError(503, 'tts_provider_not_configured', { provider: voice.data.engine });
      return { ...voice, engine };
    },

    /** A short sample of a voice at a speed (MP3), made once and cached; free. */
    async preview(tenantId: number, value: string, speed: number, isVip: boolean): Promise<Buffer> {
      const voice = await this.voiceFor(tenantId, value, isVip);
      return cachedAudio(voiceSampleKey(voice.data, speed), async () => {
        const sample = PREVIEW_TEXT[voice.data.lang.slice(0, 2)] ?? PREVIEW_TEXT.zh!;
        return (await synthesizeSpeech(voice.engine, { text: sample, voice: voice.data, speed })).audio;
      });
    },

    /** A script's lines with the user's dictionary applied, each with its voice checked and within its limit. */
    async resolveLines(tenantId: number, userId: number, lines: DubLine[], isVip: boolean) {
      const fixes = await fixRepo.list(tenantId, userId);
      const voices = new Map<string, Awaited<ReturnType<typeof this.voiceFor>>>();
      const resolved = [];
      for (const line of lines) {
        let voice = voices.get(line.voice);
        if (!voice) {
          voice = await this.voiceFor(tenantId, line.voice, isVip);
          voices.set(line.voice, voice);
        }
        const maxChars = voice.data.maxChars ?? TTS_DEFAULT_MAX_CHARS;
        if ([...stripDubMarks(line.text)].length > maxChars)
          throw badRequest('tts_text_too_long', { max: maxChars });
        resolved.push({ ...line, text: applyReadingFixes(line.text, fixes), voice });
      }
      return resolved;
    },

    /** A script as one readable text (what the list shows and the censor reads): `甲：…` per line. */
    scriptText(lines: Pick<DubLine, 'speaker' | 'text'>[]) {
      return lines.map((l) => `${l.speaker ? `${l.speaker}：` : ''}${stripDubMarks(l.text)}`).join('\n');
    },

    /** One line spoken before paying for the whole: free, short, cached by its content. */
    async previewLine(input: MemberRequest<DubLine>): Promise<Buffer> {
      const { tenantId, userId, body } = input;
      if ([...stripDubMarks(body.text)].length > DUB_PREVIEW_MAX)
        throw badRequest('tts_preview_too_long', { max: DUB_PREVIEW_MAX });
      const [line] = await this.resolveLines(tenantId, userId, [body], input.isVip);
      await checkText(stripDubMarks(body.text), tenantId);
      const items = scriptItems([
        { ...line!, voice: line!.voice.data, engine: line!.voice.engine, speaker: '' },
      ]);
      if (!items.some((item) => item.kind === 'speech')) throw badRequest('tts_text_empty');
      const key = `${VOICE_CACHE_FOLDER}/line-${digestOf([line!.voice.data, line!.speed, line!.text])}.mp3`;
      return cachedAudio(key, async () => (await speakItems(items)).audio);
    },

    /** Readings of a text's characters for the editor's picker. */
    pinyin(text: string) {
      return { chars: charReadings(text) };
    },

    async readingFixes(tenantId: number, userId: number): Promise<{ items: ReadingFix[] }> {
      return { items: await fixRepo.list(tenantId, userId) };
    },

    removeReadingFix(tenantId: number, userId: number, word: string, at: number) {
      return fixRepo.remove(tenantId, userId, word, at);
    },

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

    /**
     * Bilingual subtitles of a finished task: every cue translated by the configured text provider, each
     * translation keeping its original's start and end (nothing is re-timed).
     */
    async bilingual(input: {
      tenantId: number;
      userId: number;
      kind: VoiceTaskKind;
      id: number;
      lang: string;
    }) {
      const view = await findOwned(input.tenantId, input.userId, input.kind, input.id);
      if (view.state !== 'succeeded' || !view.segments.length) throw badRequest('subtitle_not_ready');
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
    async editSubtitles(input: {
      tenantId: number;
      userId: number;
      kind: VoiceTaskKind;
      id: number;
      lines: string[];
    }) {
      const view = await findOwned(input.tenantId, input.userId, input.kind, input.id);
      if (view.state !== 'succeeded' || !view.segments.length) throw badRequest('subtitle_not_ready');
      const segments = reanchorCues(view.spoken ?? view.segments, input.lines);
      if (!segments.length) throw badRequest('subtitle_lines_empty');
      await checkText(segments.map((s) => s.text).join('\n'), input.tenantId);
      const srt = buildSrt(segments);
      if (!(await setTaskCues(db, view.id, { segments, srt }))) throw notFound('voice_task_not_found');
      return { segments, srt };
    },

    /** Accepts a dubbing: checks, reserves the gold (per word, spec §9) and queues the job. */
    async addTts(input: MemberRequest<TtsAddBody>) {
      if (input.body.lines) return this.addScript({ ...input, body: { lines: input.body.lines } });
      const { tenantId, userId, body } = input;
      const voice = await this.voiceFor(tenantId, body.voice, input.isVip);
      const maxChars = voice.data.maxChars ?? TTS_DEFAULT_MAX_CHARS;
      if ([...body.text].length > maxChars) throw badRequest('tts_text_too_long', { max: maxChars });
      const spoken = cleanForSpeech(body.text);
      if (!splitIntoCues(spoken).length) throw badRequest('tts_text_empty');
      await checkText(body.text, tenantId);
      const { prices, taskLimits } = await getAppConfig(db, tenantId);
      const cost = countBillableWords(spoken) * prices.goldPerDubWord;

      const task = await db.transaction(async (tx) => {
        await checkVoiceTaskLimit(tx, { tenantId, userId }, 'tts', taskLimits);
        const row = await createVoiceRepository(tx).insert({
          tenantId,
          userId,
          kind: 'tts',
          text: body.text,
          voice: voice.value,
          voiceLabel: voice.label,
          speed: body.speed,
          cost,
          engine: voice.engine.name,
          offline: voice.engine.offline,
          createdAt: clock.now(),
        });
        if (cost > 0) {
          await holds.reserve(tx, {
            ...holdRef(tenantId, row.id),
            userId,
            amount: cost,
            reason: 'ai_dubbing',
          });
        }
        return row;
      });
      return enqueueTts(task, { taskId: task.id, voice: voice.data }, input);
    },

    /**
     * Accepts a dubbing made from a script of lines (the editor): each line's voice checked, the user's reading
     * dictionary applied and the script's own fixes added to it (same transaction as the task and its gold).
     */
    async addScript(input: MemberRequest<{ lines: DubLine[] }>) {
      const { tenantId, userId, body } = input;
      const lines = await this.resolveLines(tenantId, userId, body.lines, input.isVip);
      const text = this.scriptText(lines);
      if ([...text].length > TTS_TEXT_MAX) throw badRequest('tts_text_too_long', { max: TTS_TEXT_MAX });
      const items = scriptItems(lines.map((l) => ({ ...l, voice: l.voice.data, engine: l.voice.engine })));
      if (!items.some((item) => item.kind === 'speech')) throw badRequest('tts_text_empty');
      await checkText(text, tenantId);
      const { prices, taskLimits } = await getAppConfig(db, tenantId);
      const words = lines.reduce((n, l) => n + countBillableWords(cleanForSpeech(stripDubMarks(l.text))), 0);
      const cost = words * prices.goldPerDubWord;
      const script: DubLine[] = lines.map((l) => ({
        speaker: l.speaker,
        voice: l.voice.value,
        speed: l.speed,
        text: l.text,
      }));
      const labels = [...new Set(lines.map((l) => l.voice.label))];
      const first = lines[0]!;

      const task = await db.transaction(async (tx) => {
        await checkVoiceTaskLimit(tx, { tenantId, userId }, 'tts', taskLimits);
        const row = await createVoiceRepository(tx).insert({
          tenantId,
          userId,
          kind: 'tts',
          text,
          script,
          voice: first.voice.value,
          voiceLabel: labels.join(' / '),
          speed: first.speed,
          cost,
          engine: first.voice.engine.name,
          offline: lines.every((l) => l.voice.engine.offline),
          createdAt: clock.now(),
        });
        await createReadingFixRepository(tx).upsert(tenantId, userId, fixesOfLines(body.lines), clock.now());
        if (cost > 0) {
          await holds.reserve(tx, {
            ...holdRef(tenantId, row.id),
            userId,
            amount: cost,
            reason: 'ai_dubbing',
          });
        }
        return row;
      });
      return enqueueTts(
        task,
        {
          taskId: task.id,
          voice: first.voice.data,
          voices: Object.fromEntries(lines.map((l) => [l.voice.value, l.voice.data])),
        },
        input,
      );
    },

    /** Accepts a subtitle task for an uploaded audio file; refuses when no engine can do it. */
    async addAsr(input: {
      tenantId: number;
      userId: number;
      audio: AudioInput;
      script: string | null;
      locale: Locale;
    }) {
      const { tenantId, userId } = input;
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
      if (script) await checkText(script, tenantId);
      const { prices, taskLimits } = await getAppConfig(db, tenantId);
      const cost = subtitlesCost(input.audio.duration, prices.goldPerSubtitleMinute);
      const task = await db.transaction(async (tx) => {
        await checkVoiceTaskLimit(tx, { tenantId, userId }, 'asr', taskLimits);
        const row = await createVoiceRepository(tx).insert({
          tenantId,
          userId,
          kind: 'asr',
          text: script,
          inputKey: input.audio.key,
          inputMime: input.audio.mime,
          duration: input.audio.duration,
          cost,
          engine: engine.name,
          offline: engine.offline,
          createdAt: clock.now(),
        });
        if (cost > 0) {
          await holds.reserve(tx, {
            ...holdRef(tenantId, row.id),
            userId,
            amount: cost,
            reason: 'ai_subtitles',
          });
        }
        return row;
      });
      const payload: AsrJobPayload = { taskId: task.id };
      const job = await jobs.enqueue(voiceJobTypes.audioToSrt, payload, {
        tenantId,
        userId,
        timeoutMs: ASR_TIMEOUT_MS,
      });
      await repo.attachJob(task.id, job.id);
      return toAsrTask((await repo.findOwned(tenantId, userId, 'asr', task.id))!, input.locale);
    },

    async ttsDetail(tenantId: number, userId: number, id: number, locale: Locale) {
      return toTtsTask(await findOwned(tenantId, userId, 'tts', id), locale, true);
    },

    async ttsPage(tenantId: number, userId: number, query: KeysetQuery, locale: Locale) {
      return mapKeysetPage(await page(tenantId, userId, 'tts', query), (items) =>
        items.map((v) => toTtsTask(v, locale)),
      );
    },

    async asrPage(tenantId: number, userId: number, query: KeysetQuery, locale: Locale) {
      return mapKeysetPage(await page(tenantId, userId, 'asr', query), (items) =>
        items.map((v) => toAsrTask(v, locale)),
      );
    },

    /** Deletes a task; a queued or running one is canceled first and its gold given back. */
    async remove(tenantId: number, userId: number, kind: VoiceTaskKind, id: number): Promise<boolean> {
      const view = await findOwned(tenantId, userId, kind, id);
      if (view.jobId && (view.state === 'queued' || view.state === 'running')) {
        await jobs.cancel(view.jobId, { tenantId });
      }
      // Hold first, task row second: the same lock order as the cancel's own settlement (settleFailure),
      // which may run at this very moment; the opposite order deadlocks on PostgreSQL.
      await db.transaction(async (tx) => {
        const txRepo = createVoiceRepository(tx);
        if (view.cost > 0 && (await holds.release(tx, holdRef(tenantId, view.id)))) {
          await txRepo.setCost(view.id, 0);
        }
        if (!(await txRepo.softDelete(view.id, clock.now()))) throw notFound('voice_task_not_found');
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
        await settleFailure(task);
        if (await repo.softDelete(task.id, now)) await deleteOwnFiles(task);
        dropped += 1;
      }
      return dropped;
    },

    /** Called when a voice job ends without success (failed for good, canceled, timed out). */
    async onJobOver(jobId: number) {
      const task = await repo.findByJob(jobId);
      if (task) await settleFailure(task);
    },
  };
};
export type VoiceService = ReturnType<typeof createVoiceService>;
