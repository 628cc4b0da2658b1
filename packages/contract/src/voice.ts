import { z } from 'zod';
import { keysetPagedSchema, keysetPageQuerySchema } from './envelope.js';
import { jobStateSchema } from './hub-events.js';
import { ttsEngineSchema } from './dictionary.js';
import { defineEndpoint } from './registry.js';
import { ASR_SCRIPT_MAX, TTS_SPEED_MAX, TTS_SPEED_MIN, TTS_TEXT_MAX } from './voice-rules.js';

/**
 * AI dubbing (text to speech) and audio to subtitles (spec §1, §2 Media, §7 AI, §9).
 *
 * Both run as background jobs (`text_to_speech`, `audio_to_srt`) whose progress reaches the owner over the
 * hub as `JobProgress`. Text to speech costs `prices.goldPerWord` (app_config, spec §9: 20) per billable
 * word: reserved when the task is accepted, charged when it succeeds, given back when it fails or is
 * deleted first. Audio to subtitles is free. An answer made by an offline engine says so (`offline: true`).
 */

export const ttsAddBodySchema = z.object({
  text: z.string().trim().min(1).max(TTS_TEXT_MAX),
  /** `value` of a tts_config_nam item. */
  voice: z.string().min(1).max(64),
  speed: z.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
});
export type TtsAddBody = z.infer<typeof ttsAddBodySchema>;

export const voiceTaskIdSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** One timed piece of speech (seconds from the start of the audio); one subtitle cue. */
export const timedSegmentSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
});
export type TimedSegment = z.infer<typeof timedSegmentSchema>;

const taskCommon = {
  id: z.number().int(),
  status: jobStateSchema,
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** Seconds of audio, once known. */
  duration: z.number().nullable(),
  /** Engine that did the work (`espeak-ng`, `openai`, `azure`, `cosyvoice`, `volcengine`, `align`, `funasr`…). */
  engine: z.string().nullable(),
  /** True when an offline engine made it (shown on screen). */
  offline: z.boolean(),
  segments: z.array(timedSegmentSchema),
  /** Error id when failed (`extras.error` style), with its message in the caller's language. */
  error: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createTime: z.string(),
};

export const ttsTaskSchema = z.object({
  ...taskCommon,
  text: z.string(),
  voice: z.string(),
  /** The voice's label from the dictionary at the time of the request. */
  voiceLabel: z.string(),
  speed: z.number().int(),
  /** MP3, once succeeded (a signed link valid 600 s). */
  audioUrl: z.string().nullable(),
  /** Gold: reserved while queued or running, charged on success, 0 once given back. */
  cost: z.number().int().min(0),
  /** SRT of the spoken text, timed by construction. */
  srt: z.string().nullable(),
});
export type TtsTask = z.infer<typeof ttsTaskSchema>;

export const asrAddBodySchema = z.object({
  /** An audio file uploaded earlier by the same user (UploadAttachments, class media). */
  fileId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The script to align with the audio (needed by the offline engine, which times a known text). */
  text: z.string().trim().max(ASR_SCRIPT_MAX).optional(),
});
export type AsrAddBody = z.infer<typeof asrAddBodySchema>;

export const asrTaskSchema = z.object({
  ...taskCommon,
  /** The uploaded audio (a signed link valid 600 s). */
  audioUrl: z.string().nullable(),
  /** The script given with the audio, if any. */
  text: z.string().nullable(),
  srt: z.string().nullable(),
});
export type AsrTask = z.infer<typeof asrTaskSchema>;

export const voicePreviewQuerySchema = z.object({
  voice: z.string().min(1).max(64),
  speed: z.coerce.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
});

/** A voice card: a tts_config_nam item and whether this server can speak with it now. */
export const voiceOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  engine: ttsEngineSchema,
  lang: z.string(),
  gender: z.enum(['female', 'male', 'child']),
  vipOnly: z.boolean(),
  description: z.string(),
  /** Longest text this voice dubs in one request. */
  maxChars: z.number().int(),
  /** False when the voice's provider is not configured on this server. */
  available: z.boolean(),
  offline: z.boolean(),
});
export type VoiceOption = z.infer<typeof voiceOptionSchema>;

export const voiceOptionsSchema = z.object({
  voices: z.array(voiceOptionSchema),
  /** Gold per billable word (app_config prices.goldPerWord). */
  goldPerWord: z.number().int().min(0),
  /** Whether audio can be subtitled without a script (a transcription provider or model is configured). */
  transcribes: z.boolean(),
});
export type VoiceOptions = z.infer<typeof voiceOptionsSchema>;

export const voiceEndpoints = {
  textToSpeechVoices: defineEndpoint({
    method: 'GET',
    path: '/api/textToSpeech/voices',
    auth: 'visitor',
    tag: 'ai',
    summary:
      'Voice cards (tts_config_nam with availability), the price per word, and whether ASR transcribes',
    result: voiceOptionsSchema,
  }),
  textToSpeechAdd: defineEndpoint({
    method: 'POST',
    path: '/api/textToSpeech/add',
    auth: 'user',
    tag: 'ai',
    summary:
      'Dub a text with a voice of tts_config_nam at a speed (50–200 %); reserves gold per word and queues the job',
    body: ttsAddBodySchema,
    result: ttsTaskSchema,
  }),
  textToSpeechDetail: defineEndpoint({
    method: 'GET',
    path: '/api/textToSpeech/detail',
    auth: 'user',
    tag: 'ai',
    summary: 'One of my dubbings: status, progress, audio, timings, engine, cost',
    query: voiceTaskIdSchema,
    result: ttsTaskSchema,
  }),
  textToSpeechPage: defineEndpoint({
    method: 'POST',
    path: '/api/textToSpeech/page',
    auth: 'user',
    tag: 'ai',
    summary: 'My dubbings, newest first',
    body: keysetPageQuerySchema,
    result: keysetPagedSchema(ttsTaskSchema),
  }),
  textToSpeechDelete: defineEndpoint({
    method: 'POST',
    path: '/api/textToSpeech/delete',
    auth: 'user',
    tag: 'ai',
    summary: 'Delete one of my dubbings; a queued or running one is canceled and its gold given back',
    body: voiceTaskIdSchema,
    result: z.boolean(),
  }),
  textToSpeechPreview: defineEndpoint({
    method: 'GET',
    path: '/api/textToSpeech/preview',
    auth: 'user',
    tag: 'ai',
    summary: 'A 3-second MP3 sample of a voice at a speed (raw audio; free, cached)',
    kind: 'binary',
    query: voicePreviewQuerySchema,
    result: z.unknown(),
  }),
  audioToSrtAdd: defineEndpoint({
    method: 'POST',
    path: '/api/audioToSrt/add',
    auth: 'user',
    tag: 'ai',
    summary:
      'Subtitles of an audio clip (≤ 5 MB, ≤ 30 s): JSON `{ fileId, text? }` of an earlier upload, or multipart with `file` and optional `text`',
    body: asrAddBodySchema,
    result: asrTaskSchema,
  }),
  audioToSrtPage: defineEndpoint({
    method: 'POST',
    path: '/api/audioToSrt/page',
    auth: 'user',
    tag: 'ai',
    summary: 'My subtitle tasks, newest first, with SRT and timed segments',
    body: keysetPageQuerySchema,
    result: keysetPagedSchema(asrTaskSchema),
  }),
  audioToSrtDelete: defineEndpoint({
    method: 'POST',
    path: '/api/audioToSrt/delete',
    auth: 'user',
    tag: 'ai',
    summary: 'Delete one of my subtitle tasks (a queued or running one is canceled)',
    body: voiceTaskIdSchema,
    result: z.boolean(),
  }),
};
