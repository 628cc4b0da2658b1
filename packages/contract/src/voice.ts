import { z } from 'zod';
import { keysetPagedSchema, keysetPageQuerySchema } from './envelope.js';
import { jobStateSchema } from './hub-events.js';
import { ttsEngineSchema } from './dictionary.js';
import { defineEndpoint } from './registry.js';
import {
  ASR_SCRIPT_MAX,
  DUB_LINE_MAX,
  DUB_LINES_MAX,
  DUB_PAUSE_MAX,
  DUB_PAUSE_MIN,
  dubTextProblem,
  stripDubMarks,
  TTS_SPEED_MAX,
  TTS_SPEED_MIN,
  TTS_TEXT_MAX,
} from './voice-rules.js';

/**
 * AI dubbing (text to speech) and audio to subtitles (spec §1, §2 Media, §7 AI, §9).
 *
 * Both run as background jobs (`text_to_speech`, `audio_to_srt`) whose progress reaches the owner over the
 * hub as `JobProgress`. Text to speech costs `prices.goldPerDubWord` (app_config, spec §9: 20) per billable
 * word, audio to subtitles `prices.goldPerSubtitleMinute` per started minute of audio (0 by default: free): reserved
 * when the task is accepted, charged when it succeeds, given back when it fails or is deleted first. An answer made by an offline engine says so (`offline: true`).
 */

/**
 * One line of a dubbing script (the editor, issue 30): who says it, with which voice and speed, and its text
 * with inline marks (`[1.0s]` a pause of 0.1–5 s, `行[hang2]` a reading fix; see voice-rules.ts).
 */
const dubLineFields = {
  /** 甲, 乙 or a name; empty for narration. Carried into the SRT and ASS. */
  speaker: z.string().trim().max(16).default(''),
  /** `value` of a tts_config_nam item. */
  voice: z.string().min(1).max(64),
  speed: z.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
  text: z.string().trim().min(1).max(DUB_LINE_MAX),
};
const checkDubLine = (line: { text: string }, ctx: z.RefinementCtx) => {
  if (dubTextProblem(line.text))
    ctx.addIssue({ code: 'custom', path: ['text'], message: `pause ${DUB_PAUSE_MIN}–${DUB_PAUSE_MAX} s` });
  if (!/[\p{L}\p{N}]/u.test(stripDubMarks(line.text)))
    ctx.addIssue({ code: 'custom', path: ['text'], message: 'empty' });
};
export const dubLineSchema = z.object(dubLineFields).superRefine(checkDubLine);
/** The same line in a query string (a single-line preview is a GET, so the audio can be fetched as a file). */
export const previewLineQuerySchema = z
  .object({
    ...dubLineFields,
    speed: z.coerce.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
  })
  .superRefine(checkDubLine);
export type DubLine = z.infer<typeof dubLineSchema>;

/**
 * A dubbing: either one text with one voice and speed, or a script of lines (`lines`, each with its own
 * speaker, voice and speed; `text`, `voice` and `speed` are then ignored).
 */
export const ttsAddBodySchema = z
  .object({
    text: z.string().trim().max(TTS_TEXT_MAX).default(''),
    /** `value` of a tts_config_nam item. */
    voice: z.string().max(64).default(''),
    speed: z.number().int().min(TTS_SPEED_MIN).max(TTS_SPEED_MAX).default(100),
    lines: z.array(dubLineSchema).min(1).max(DUB_LINES_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lines) return;
    if (!body.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'required' });
    if (!body.voice) ctx.addIssue({ code: 'custom', path: ['voice'], message: 'required' });
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
  /** Who says it (a dialogue's line), shown in the SRT and named in the ASS. */
  speaker: z.string().optional(),
  /** Word timings inside the cue (from our own speech), for karaoke ASS. */
  words: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
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
  /** SRT of the spoken text, timed by construction (a dialogue's cues start with their speaker). */
  srt: z.string().nullable(),
  /** The script when the dubbing was made from lines (speakers, voices, pauses, reading fixes). */
  lines: z.array(dubLineSchema).nullable(),
  /** (Detail only; null in pages.) ASS subtitles with the speaker as each event's Name and word-level karaoke (`\\k`) from our speech. */
  ass: z.string().nullable(),
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
  /** Gold held or spent (prices.goldPerSubtitleMinute per started minute; 0 when free or given back). */
  cost: z.number().int().min(0),
});
export type AsrTask = z.infer<typeof asrTaskSchema>;

/** A character's reading in context (pinyin-pro) and the readings it may take. */
export const pinyinQuerySchema = z.object({ text: z.string().min(1).max(DUB_LINE_MAX) });
export const charReadingSchema = z.object({
  char: z.string(),
  /** Tone-numbered pinyin in context, or null for a character that is not Chinese. */
  reading: z.string().nullable(),
  /** Every reading of the character (more than one for a polyphonic character). */
  options: z.array(z.string()),
});
export const pinyinResultSchema = z.object({ chars: z.array(charReadingSchema) });

/** One entry of the user's own reading dictionary: the character at `at` of `word` is read `pinyin`. */
export const readingFixSchema = z.object({
  word: z.string().min(1).max(8),
  at: z.number().int().min(0).max(7),
  pinyin: z.string().regex(/^[a-zü]+[1-5]$/),
});
export type ReadingFix = z.infer<typeof readingFixSchema>;
export const readingFixesSchema = z.object({ items: z.array(readingFixSchema) });

/** Bilingual subtitles of one of my tasks, translated by the configured text provider. */
export const bilingualBodySchema = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  kind: z.enum(['tts', 'asr']).default('tts'),
  /** Language to translate into (BCP 47, e.g. `en`, `ja`, `zh-Hant`). */
  lang: z.string().regex(/^[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
});
export const bilingualResultSchema = z.object({
  /** One file: each cue with the original line and the translation under it. */
  bilingual: z.string(),
  /** The translation alone, same cues and timings. */
  translated: z.string(),
  segments: z.array(timedSegmentSchema.extend({ translation: z.string() })),
  engine: z.string(),
});

/** Subtitles of a finished task as the user edited them, one cue per line (`甲：…` keeps the speaker). */
export const editSubtitlesBodySchema = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  kind: z.enum(['tts', 'asr']).default('tts'),
  lines: z.array(z.string().max(200)).min(1).max(1000),
});
export const editSubtitlesResultSchema = z.object({
  segments: z.array(timedSegmentSchema),
  srt: z.string(),
});

/** What this server can do with audio before the user uploads it. */
export const asrCapabilitiesSchema = z.object({
  /** Audio without a script can be transcribed (a provider or a local model is configured). */
  transcribe: z.boolean(),
  /** A script can be aligned with the audio (always: the offline aligner). */
  align: z.boolean(),
  /** The engine that transcribes, when one does. */
  engine: z.string().nullable(),
  offline: z.boolean(),
  /** Subtitles can be exported bilingual (a text provider is configured to translate them). */
  translate: z.boolean(),
});
export type AsrCapabilities = z.infer<typeof asrCapabilitiesSchema>;

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
  /** Gold per billable word (app_config prices.goldPerDubWord). */
  goldPerWord: z.number().int().min(0),
  /** Gold per started minute of audio made into subtitles (app_config prices.goldPerSubtitleMinute; 0: free). */
  goldPerSubtitleMinute: z.number().int().min(0),
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
  textToSpeechPreviewLine: defineEndpoint({
    method: 'GET',
    path: '/api/textToSpeech/previewLine',
    auth: 'user',
    tag: 'ai',
    summary:
      'One line of a script spoken before paying for the whole (raw MP3; free, at most 120 characters, rate-limited)',
    kind: 'binary',
    query: previewLineQuerySchema,
    result: z.unknown(),
  }),
  textToSpeechPinyin: defineEndpoint({
    method: 'POST',
    path: '/api/textToSpeech/pinyin',
    auth: 'user',
    tag: 'ai',
    summary:
      'Each character of a text with its reading in context and the readings it may take (with my fixes)',
    body: pinyinQuerySchema,
    result: pinyinResultSchema,
  }),
  textToSpeechReadings: defineEndpoint({
    method: 'GET',
    path: '/api/textToSpeech/readings',
    auth: 'user',
    tag: 'ai',
    summary: 'My reading dictionary: the fixes I made, applied to my later texts',
    result: readingFixesSchema,
  }),
  textToSpeechReadingDelete: defineEndpoint({
    method: 'POST',
    path: '/api/textToSpeech/readings/delete',
    auth: 'user',
    tag: 'ai',
    summary: 'Forget one fix of my reading dictionary',
    body: readingFixSchema.pick({ word: true, at: true }),
    result: z.boolean(),
  }),
  textToSpeechBilingual: defineEndpoint({
    method: 'POST',
    path: '/api/textToSpeech/bilingual',
    auth: 'user',
    tag: 'ai',
    summary:
      'Bilingual SRT of one of my dubbings or subtitle tasks (the configured text provider translates; each cue keeps its timing)',
    body: bilingualBodySchema,
    result: bilingualResultSchema,
  }),
  textToSpeechSubtitles: defineEndpoint({
    method: 'POST',
    path: '/api/textToSpeech/subtitles',
    auth: 'user',
    tag: 'ai',
    summary:
      'Edit the subtitles of one of my dubbings or subtitle tasks: every cue is timed again from the speech itself (never shifted)',
    body: editSubtitlesBodySchema,
    result: editSubtitlesResultSchema,
  }),
  audioToSrtCapabilities: defineEndpoint({
    method: 'GET',
    path: '/api/audioToSrt/capabilities',
    auth: 'visitor',
    tag: 'ai',
    summary:
      'What this server can do with audio: transcribe it (a provider or local model) or align a script',
    result: asrCapabilitiesSchema,
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
