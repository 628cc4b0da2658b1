import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ASR_AUDIO_MAX_SECONDS, ASR_SCRIPT_MAX, endpoints, UPLOAD_RULES } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Clock } from '../../platform/clock.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { isVipAt, memberRequest } from '../../platform/identity/membership.js';
import { multipartRefusal } from '../../platform/storage/multipart.js';
import { checkFile } from '../files/index.js';
import type { VoiceService } from './voice.service.js';
import { ASR_UPLOAD_CATEGORY, type AudioInput } from './voice.service.js';

/** Spec §9 media audio (5 MB, 30 s); WAV too, which is what the page's recorder makes. */
const AUDIO_RULE = { ...UPLOAD_RULES.media.audio!, formats: [...UPLOAD_RULES.media.audio!.formats, 'wav'] };
/** Encoder padding of mp3/aac frames: a clip this much over 30 s still passes (as uploads do). */
const DURATION_TOLERANCE_SECONDS = 0.25;

export const registerVoiceRoutes = (
  app: FastifyInstance,
  {
    service,
    storage,
    clock,
    dataDir,
  }: { service: VoiceService; storage: FileStorage; clock: Clock; dataDir: string },
) => {
  const tmpDir = path.join(dataDir, 'tmp');

  /** The audio of a multipart request (`file`, checked by content and ffprobe) and its optional `text`. */
  const receiveAudio = async (req: FastifyRequest, tenantId: number, userId: number) => {
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
          userId,
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

  /** An audio file this user uploaded earlier, within the spec §9 media audio limits. */
  const uploadedAudio = async (
    tenantId: number,
    userId: number,
    fileId: number | undefined,
  ): Promise<AudioInput> => {
    if (!fileId) throw badRequest('asr_file_missing');
    const file = await storage.ownFile(tenantId, userId, fileId);
    if (!file) throw badRequest('asr_file_missing');
    if (
      file.kind !== 'audio' ||
      file.size > AUDIO_RULE.maxBytes ||
      (file.duration ?? Infinity) > ASR_AUDIO_MAX_SECONDS + DURATION_TOLERANCE_SECONDS
    ) {
      throw badRequest('asr_file_not_audio');
    }
    return { key: file.storageKey, mime: file.mime, duration: file.duration ?? 0 };
  };

  registerEndpoint(app, endpoints.textToSpeechVoices, ({ tenantId, locale }) =>
    service.options(tenantId, locale),
  );

  registerEndpoint(
    app,
    endpoints.textToSpeechAdd,
    (input) => service.addTts(memberRequest(input, clock.now())),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  registerEndpoint(app, endpoints.textToSpeechDetail, ({ auth, query, locale }) =>
    service.ttsDetail(auth.tenantId, auth.uid, query.id, locale),
  );
  registerEndpoint(app, endpoints.textToSpeechPage, ({ auth, body, locale }) =>
    service.ttsPage(auth.tenantId, auth.uid, body, locale),
  );
  registerEndpoint(app, endpoints.textToSpeechDelete, ({ auth, body }) =>
    service.remove(auth.tenantId, auth.uid, 'tts', body.id),
  );

  registerEndpoint(
    app,
    endpoints.textToSpeechPreview,
    async ({ auth, membership, query, reply }) => {
      const audio = await service.preview(
        auth.tenantId,
        query.voice,
        query.speed,
        isVipAt(membership, clock.now()),
      );
      return reply.header('cache-control', 'private, max-age=86400').type('audio/mpeg').send(audio);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  registerEndpoint(
    app,
    endpoints.textToSpeechPreviewLine,
    async (input) => {
      const { query, ...rest } = input;
      const audio = await service.previewLine(memberRequest({ ...rest, body: query }, clock.now()));
      return input.reply.header('cache-control', 'private, no-store').type('audio/mpeg').send(audio);
    },
    // Free, so bounded: a line at a time, a few a minute.
    { rateLimit: { max: 12, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.textToSpeechPinyin, ({ body }) => service.pinyin(body.text), {
    rateLimit: { max: 120, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.textToSpeechReadings, ({ auth }) =>
    service.readingFixes(auth.tenantId, auth.uid),
  );
  registerEndpoint(app, endpoints.textToSpeechReadingDelete, ({ auth, body }) =>
    service.removeReadingFix(auth.tenantId, auth.uid, body.word, body.at),
  );
  registerEndpoint(
    app,
    endpoints.textToSpeechBilingual,
    ({ auth, body }) =>
      service.bilingual({
        tenantId: auth.tenantId,
        userId: auth.uid,
        kind: body.kind,
        id: body.id,
        lang: body.lang,
      }),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.textToSpeechSubtitles,
    ({ auth, body }) =>
      service.editSubtitles({
        tenantId: auth.tenantId,
        userId: auth.uid,
        kind: body.kind,
        id: body.id,
        lines: body.lines,
      }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.audioToSrtCapabilities, () => service.capabilities());

  registerEndpoint(
    app,
    endpoints.audioToSrtAdd,
    async ({ auth, body, req, locale }) => {
      const sent = req.isMultipart();
      const { audio, script } = sent
        ? await receiveAudio(req, auth.tenantId, auth.uid)
        : { audio: await uploadedAudio(auth.tenantId, auth.uid, body.fileId), script: body.text ?? null };
      try {
        return await service.addAsr({ tenantId: auth.tenantId, userId: auth.uid, audio, script, locale });
      } catch (error) {
        // Refused (no engine, a sensitive script…): the audio sent with the request is nobody's.
        if (sent) await storage.remove(audio.key, 'private').catch(() => undefined);
        throw error;
      }
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.audioToSrtPage, ({ auth, body, locale }) =>
    service.asrPage(auth.tenantId, auth.uid, body, locale),
  );
  registerEndpoint(app, endpoints.audioToSrtDelete, ({ auth, body }) =>
    service.remove(auth.tenantId, auth.uid, 'asr', body.id),
  );
};
