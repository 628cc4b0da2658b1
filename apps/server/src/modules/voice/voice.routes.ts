import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ASR_AUDIO_MAX_SECONDS, ASR_SCRIPT_MAX, endpoints, UPLOAD_RULES } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';
import type { Actor } from '../../platform/identity/actor.js';
import { multipartRefusal } from '../../platform/storage/multipart.js';
import { checkFile, measuredSeconds } from '../files/index.js';
import type { VoiceService } from './voice.service.js';
import { ASR_UPLOAD_CATEGORY, type AudioInput } from './voice.service.js';

/** Spec §9 media audio (5 MB, 30 s); WAV too, which is what the page's recorder makes. */
const AUDIO_RULE = { ...UPLOAD_RULES.media.audio!, formats: [...UPLOAD_RULES.media.audio!.formats, 'wav'] };
/** Encoder padding of mp3/aac frames: a clip this much over 30 s still passes (as uploads do). */
const DURATION_TOLERANCE_SECONDS = 0.25;

export const registerVoiceRoutes = (
  app: FastifyInstance,
  { service, storage, dataDir }: { service: VoiceService; storage: FileStorage; dataDir: string },
) => {
  const tmpDir = path.join(dataDir, 'tmp');

  /** The audio of a multipart request (`file`, checked by content and ffprobe) and its optional `text`. */
  const receiveAudio = async (req: FastifyRequest, { tenantId, uid }: Actor) => {
    await mkdir(tmpDir, { recursive: true });
    let script: string | null = null;
    let audio: AudioInput | null = null;
    const temps: string[] = [];
    try {
      for await (const part of req.parts({ limits: { fileSize: AUDIO_RULE.maxBytes, files: 1 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'text' && typeof part.value === 'string') script = part.value.trim();
          continue;
        }
        if (part.fieldname !== 'file' || audio) {
          part.file.resume();
          continue;
        }
        const tmp = path.join(tmpDir, randomUUID());
        temps.push(tmp);
        await pipeline(part.file, createWriteStream(tmp));
        if (part.file.truncated) throw badRequest('upload_too_large', { max: '5MB' });
        const size = (await stat(tmp)).size;
        if (!size) throw badRequest('asr_file_missing');
        const checked = await checkFile(tmp, size, { audio: AUDIO_RULE }, part.filename || null);
        const saved = await storage.save({
          tenantId,
          userId: uid,
          category: ASR_UPLOAD_CATEGORY,
          visibility: 'private',
          body: checked.body,
          ext: checked.ext,
          mime: checked.mime,
          kind: checked.kind,
          size: checked.size,
          duration: checked.duration,
          originalName: checked.name,
        });
        audio = { key: saved.key, mime: checked.mime, duration: checked.duration ?? 0 };
      }
    } catch (error) {
      throw multipartRefusal(error, {
        missing: 'asr_file_missing',
        tooMany: () => new AppError(413, 'payload_too_large'), // as before: one audio file per request
        tooLarge: () => badRequest('upload_too_large', { max: '5MB' }),
      });
    } finally {
      await Promise.all(temps.map((t) => unlink(t).catch(() => undefined)));
    }
    if (!audio) throw badRequest('asr_file_missing');
    if (script && [...script].length > ASR_SCRIPT_MAX) {
      throw new AppError(400, 'validation_failed', {}, { text: [`≤ ${ASR_SCRIPT_MAX}`] });
    }
    return { audio, script };
  };

  /** How long a stored audio file really plays (measured again: a row written before the measuring may hold a header's claim). */
  const storedSeconds = async (key: string, visibility: Visibility): Promise<number | null> => {
    const source = await storage.read(key, visibility);
    if (!source) return null;
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await pipeline(source.stream, createWriteStream(tmp));
      return await measuredSeconds(tmp);
    } finally {
      await unlink(tmp).catch(() => undefined);
    }
  };

  /** An audio file the caller uploaded earlier, within the spec §9 media audio limits. */
  const uploadedAudio = async ({ tenantId, uid }: Actor, fileId: number | undefined): Promise<AudioInput> => {
    if (!fileId) throw badRequest('asr_file_missing');
    const file = await storage.ownFile(tenantId, uid, fileId);
    if (!file) throw badRequest('asr_file_missing');
    if (file.kind !== 'audio' || file.size > AUDIO_RULE.maxBytes) throw badRequest('asr_file_not_audio');
    const seconds = await storedSeconds(file.storageKey, file.visibility);
    if (seconds === null) throw badRequest('asr_file_not_audio');
    if (seconds > ASR_AUDIO_MAX_SECONDS + DURATION_TOLERANCE_SECONDS) {
      throw badRequest('upload_duration_too_long', { max: ASR_AUDIO_MAX_SECONDS });
    }
    return { key: file.storageKey, mime: file.mime, duration: seconds };
  };

  registerEndpoint(app, endpoints.textToSpeechVoices, ({ actor }) => service.options(actor));

  registerEndpoint(app, endpoints.textToSpeechAdd, ({ actor, body }) => service.addTts(actor, body), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });

  registerEndpoint(app, endpoints.textToSpeechDetail, ({ actor, query }) =>
    service.ttsDetail(actor, query.id),
  );
  registerEndpoint(app, endpoints.textToSpeechPage, ({ actor, body }) => service.ttsPage(actor, body));
  registerEndpoint(app, endpoints.textToSpeechDelete, ({ actor, body }) =>
    service.remove(actor, 'tts', body.id),
  );

  registerEndpoint(
    app,
    endpoints.textToSpeechPreview,
    async ({ actor, query, reply }) => {
      const audio = await service.preview(actor, query.voice, query.speed);
      return reply.header('cache-control', 'private, max-age=86400').type('audio/mpeg').send(audio);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  registerEndpoint(
    app,
    endpoints.textToSpeechPreviewLine,
    async ({ actor, query, reply }) => {
      const audio = await service.previewLine(actor, query);
      return reply.header('cache-control', 'private, no-store').type('audio/mpeg').send(audio);
    },
    // Free, so bounded: a line at a time, a few a minute.
    { rateLimit: { max: 12, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.textToSpeechPinyin, ({ body }) => service.pinyin(body.text), {
    rateLimit: { max: 120, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.textToSpeechReadings, ({ actor }) => service.readingFixes(actor));
  registerEndpoint(app, endpoints.textToSpeechReadingDelete, ({ actor, body }) =>
    service.removeReadingFix(actor, body.word, body.at),
  );
  registerEndpoint(
    app,
    endpoints.textToSpeechBilingual,
    ({ actor, body }) => service.bilingual(actor, { kind: body.kind, id: body.id, lang: body.lang }),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.textToSpeechSubtitles,
    ({ actor, body }) => service.editSubtitles(actor, { kind: body.kind, id: body.id, lines: body.lines }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.audioToSrtCapabilities, () => service.capabilities());

  registerEndpoint(
    app,
    endpoints.audioToSrtAdd,
    async ({ actor, body, req }) => {
      const sent = req.isMultipart();
      const { audio, script } = sent
        ? await receiveAudio(req, actor)
        : { audio: await uploadedAudio(actor, body.fileId), script: body.text ?? null };
      try {
        return await service.addAsr(actor, { audio, script });
      } catch (error) {
        // Refused (no engine, a sensitive script…): the audio sent with the request is nobody's.
        if (sent) await storage.remove(audio.key, 'private').catch(() => undefined);
        throw error;
      }
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.audioToSrtPage, ({ actor, body }) => service.asrPage(actor, body));
  registerEndpoint(app, endpoints.audioToSrtDelete, ({ actor, body }) =>
    service.remove(actor, 'asr', body.id),
  );
};
