import type { TimedSegment } from '@app/contract';
import { providerHttpError } from '../provider-errors.js';
import { abortAfter, type AsrEngine } from './asr-engine.js';

interface VerboseTranscription {
  text?: string;
  duration?: number;
  segments?: { start: number; end: number; text: string }[];
}

/**
 * Any OpenAI-compatible transcription API (OpenAI, self-hosted Whisper servers): `POST {base}/audio/transcriptions`
 * as multipart with `file`, `model` and `response_format: verbose_json`, whose `segments` carry the times.
 * A script, when given, goes as the `prompt` (it steers spelling and punctuation).
 */
export const createOpenAiAsrEngine = (options: {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}): AsrEngine => ({
  name: 'openai',
  offline: false,
  needsScript: false,
  async transcribe({ audio, mime, duration, script, signal }) {
    const form = new FormData();
    const ext = mime.includes('mp4') || mime.includes('m4a') ? 'm4a' : mime.includes('wav') ? 'wav' : 'mp3';
    form.append('file', new Blob([new Uint8Array(audio)], { type: mime }), `audio.${ext}`);
    form.append('model', options.model ?? 'whisper-1');
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    if (script) form.append('prompt', script.slice(0, 800));
    const response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      body: form,
      signal: abortAfter(options.timeoutMs, signal),
    });
    if (!response.ok) throw await providerHttpError('openai', response);
    const body = (await response.json()) as VerboseTranscription;
    const segments: TimedSegment[] = (body.segments ?? []).map((s) => ({
      start: s.start,
      end: s.end,
      text: s.text,
    }));
    if (!segments.length && body.text?.trim())
      segments.push({ start: 0, end: body.duration ?? duration, text: body.text });
    return segments;
  },
});
