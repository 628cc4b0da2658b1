import { voiceJobTypes, type TtsVoice } from '@app/contract';
import type { Readable } from 'node:stream';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { PermanentJobError } from '../../platform/jobs/job-runner.js';
import type { PlatformJobs } from '../../platform/jobs/recurring.js';
import { UNQUEUED_SWEEP_MS } from '../../platform/jobs/unqueued-tasks.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { TaskNotices } from '../../platform/task-notices.js';
import type { GoldHoldsPort } from '../../platform/wallet/task-hold.js';
import type { VoiceEngines } from './engines.js';
import { SpeechProviderError } from './provider-errors.js';
import { buildCues } from './text/cue-builder.js';
import { buildSrt } from './text/srt.js';
import { EmptySpeechTextError, speakItems, synthesizeSpeech } from './tts/synthesize.js';
import { scriptItems } from './tts/script.js';
import type { VoiceRepositories } from './voice.repository.js';
import { recordHistory } from '../history/index.js';
import { getAppConfig } from '../dictionary/index.js';
import { aigcFfmpegArgs } from '../../platform/aigc/aigc-embed.js';
import type { AigcSigner } from '../../platform/aigc/aigc-label.js';
import { dubbingLabel } from './voice-views.js';
import { createVoiceHold } from './voice.hold.js';
import type { AsrJobPayload, TtsJobPayload } from './voice.payload.js';
import type { VoiceService } from './voice.service.js';

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The recurring job that settles tasks whose process died between accepting them and enqueuing their job. */
export const UNQUEUED_SWEEP_JOB = 'voice_unqueued_sweep';

/** Errors that another attempt cannot fix fail the job at once (and its gold is given back). */
const permanentIfSo = (error: unknown): never => {
  if (error instanceof EmptySpeechTextError) throw new PermanentJobError('tts_text_empty');
  if (error instanceof SpeechProviderError && error.permanent) throw new PermanentJobError(error.message);
  throw error;
};

/**
 * The job handlers of the voice module. Each is safe to run again after a crash: it starts from the task row,
 * and the gold is spent by a conditional capture in the same transaction as the result, so a second run can
 * never charge twice; a task deleted meanwhile is left alone.
 */
export const registerVoiceJobs = (deps: {
  /** The module's repositories (the service's). */
  store: VoiceRepositories;
  /** The wallet's hold reads and refunds take it. */
  db: Db;
  /** Dates the 下载管理 entry of a finished dubbing (the real clock when not given). */
  clock?: Clock;
  jobs: PlatformJobs;
  storage: Pick<FileStorage, 'save' | 'read' | 'urlFor'>;
  engines: VoiceEngines;
  holds: GoldHoldsPort;
  service: Pick<VoiceService, 'onJobOver' | 'sweepUnqueued'>;
  publicBaseUrl?: string;
  /** Tells the owner in the message centre when a task succeeds or fails (after its commit). */
  notices?: TaskNotices;
  /** Signs the hidden AI label (ID3v2 TXXX AIGC) of every dubbing. */
  aigc: AigcSigner;
}) => {
  const { store, db, jobs, storage, engines } = deps;
  const hold = createVoiceHold({ db, store, holds: deps.holds });
  const repo = store.repos.voice;
  const notices: TaskNotices = deps.notices ?? (async () => undefined);

  jobs.register(voiceJobTypes.textToSpeech, async (job, ctx) => {
    const { taskId, voice, voices } = job.payload as TtsJobPayload;
    const task = await repo.get(taskId);
    if (!task || task.deletedAt) return { taskId, skipped: true };
    const engineOf = (v: TtsVoice) => {
      const found = engines.ttsFor(v.engine);
      if (!found) throw new PermanentJobError('tts_provider_not_configured');
      return found;
    };
    const engine = engineOf(voice);
    await ctx.progress(5, 'voice');
    // The AI labels: the operator's lead-in (rhythm prompt by default) and the signed TXXX frame.
    const { aiLabels } = await getAppConfig(db, task.tenantId);
    const labelled = {
      signal: ctx.signal,
      leadIn: aiLabels.audioPrompt,
      outputArgs: aigcFfmpegArgs(dubbingLabel(deps.aigc, task), 'mp3'),
      onProgress: (fraction: number) => ctx.progress(5 + fraction * 85, 'voice'),
    };
    // A script speaks line by line, each in its own voice, with its pauses and fixed readings.
    const speech = await (
      task.script
        ? speakItems(
            scriptItems(
              task.script.map((line) => {
                const lineVoice = voices?.[line.voice] ?? voice;
                return { ...line, voice: lineVoice, engine: engineOf(lineVoice) };
              }),
            ),
            labelled,
          )
        : synthesizeSpeech(engine, {
            text: task.text ?? '',
            voice,
            speed: task.speed ?? 100,
            ...labelled,
          })
    ).catch(permanentIfSo);
    await ctx.progress(92, 'save');
    const spoken = speech.cues.map(({ start, end, text, speaker }) => ({
      start,
      end,
      text,
      ...(speaker ? { speaker } : {}),
    }));
    const segments = buildCues(spoken);
    const saved = await storage.save({
      tenantId: task.tenantId,
      userId: task.userId,
      category: 'generated',
      visibility: 'private',
      body: speech.audio,
      ext: 'mp3',
      mime: 'audio/mpeg',
      kind: 'audio',
      size: speech.audio.length,
      duration: speech.duration,
    });
    const stored = await store.transaction(async ({ voice: tasks }, tx) => {
      const done = await tasks.complete(taskId, {
        outputKey: saved.key,
        duration: speech.duration,
        engine: speech.engine,
        offline: speech.offline,
        segments,
        spoken,
        srt: buildSrt(segments),
      });
      if (done && task.cost > 0) await hold.capture(tx, task);
      // The finished dubbing is listed in the user's 下载管理 (generated history), with the result.
      if (done)
        await recordHistory(tx, {
          tenantId: task.tenantId,
          userId: task.userId,
          kind: 'generated',
          refType: 'dub',
          refId: taskId,
          title: (task.text ?? '').slice(0, 40),
          link: '/media/dub/list',
          now: deps.clock?.now() ?? new Date(),
        });
      return done;
    });
    if (stored)
      await notices(task.tenantId, task.userId, {
        kind: 'dubbing',
        taskId,
        name: task.text,
        succeeded: true,
      });
    return { taskId, duration: speech.duration };
  });

  jobs.register(voiceJobTypes.audioToSrt, async (job, ctx) => {
    const { taskId } = job.payload as AsrJobPayload;
    const task = await repo.get(taskId);
    if (!task || task.deletedAt || !task.inputKey) return { taskId, skipped: true };
    const engine = engines.asrFor(task.text);
    if (!engine) throw new PermanentJobError('asr_needs_script');
    await ctx.progress(5, 'read');
    const file = await storage.read(task.inputKey, 'private');
    if (!file) throw new PermanentJobError('asr_file_missing');
    const audio = await readAll(file.stream);
    const signed = storage.urlFor(task.inputKey, 'private');
    const publicUrl = /^https?:/.test(signed)
      ? signed
      : deps.publicBaseUrl
        ? new URL(signed, deps.publicBaseUrl).toString()
        : null;
    await ctx.progress(15, 'recognize');
    const raw = await engine
      .transcribe({
        audio,
        mime: task.inputMime ?? 'audio/mpeg',
        duration: task.duration ?? 0,
        script: task.text,
        publicUrl,
        signal: ctx.signal,
      })
      .catch(permanentIfSo);
    const segments = buildCues(raw);
    if (!segments.length) throw new PermanentJobError('asr_no_speech');
    await ctx.progress(95, 'subtitles');
    // The result and the spending of its gold commit together (a second run cannot charge twice).
    const stored = await store.transaction(async ({ voice: tasks }, tx) => {
      const done = await tasks.complete(taskId, {
        outputKey: null,
        duration: task.duration,
        engine: engine.name,
        offline: engine.offline,
        segments,
        spoken: raw,
        srt: buildSrt(segments),
      });
      if (done && task.cost > 0) await hold.capture(tx, task);
      return done;
    });
    if (stored)
      await notices(task.tenantId, task.userId, { kind: 'subtitles', taskId, name: null, succeeded: true });
    return { taskId, cues: segments.length };
  });

  // A job that ends without success gives its gold back (the hold moves once, whichever process sees it); a
  // failure then tells the owner where it stopped and the gold given back (the notice is sent once per task).
  jobs.onEvent((event) => {
    if (event.type !== voiceJobTypes.textToSpeech && event.type !== voiceJobTypes.audioToSrt) return;
    if (event.state !== 'failed' && event.state !== 'canceled') return;
    void (async () => {
      await deps.service.onJobOver(event.jobId);
      if (event.state !== 'failed') return;
      const task = await repo.findByJob(event.jobId);
      if (!task || task.deletedAt) return;
      await notices(task.tenantId, task.userId, {
        kind: task.kind === 'tts' ? 'dubbing' : 'subtitles',
        taskId: task.id,
        name: task.kind === 'tts' ? task.text : null,
        succeeded: false,
        stage: event.stage,
        goldReturned: await hold.returned(task),
      });
    })().catch(() => undefined);
  });

  jobs.every(UNQUEUED_SWEEP_JOB, UNQUEUED_SWEEP_MS, async () => ({
    dropped: await deps.service.sweepUnqueued(),
  }));
};
