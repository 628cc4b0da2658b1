import { randomUUID } from 'node:crypto';
import { providerHttpError, SpeechProviderError } from '../provider-errors.js';
import type { TtsEngine } from './tts-engine.js';

/**
 * Volcengine (ByteDance) speech synthesis over HTTP: `POST /api/v1/tts` with `Authorization: Bearer;{token}`
 * and `{ app: { appid, token, cluster }, user, audio: { voice_type, encoding, speed_ratio }, request: { reqid,
 * text, operation: 'query' } }`; answers `{ code: 3000, data: <base64 audio> }` on success.
 */
export const createVolcengineTtsEngine = (options: {
  baseUrl?: string;
  appId?: string;
  apiKey?: string;
  cluster: string;
  timeoutMs: number;
}): TtsEngine => ({
  name: 'volcengine',
  offline: false,
  // The API takes at most 1024 bytes of UTF-8 per request: 300 Chinese characters stay under it.
  maxChars: 300,
  async synthesize({ text, voice, speed, signal }) {
    const base = (options.baseUrl ?? 'https://openspeech.bytedance.com').replace(/\/+$/, '');
    const response = await fetch(`${base}/api/v1/tts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer;${options.apiKey ?? ''}` },
      body: JSON.stringify({
        app: { appid: options.appId ?? '', token: options.apiKey ?? '', cluster: options.cluster },
        user: { uid: 'aichuang' },
        audio: { voice_type: voice.voice, encoding: 'mp3', speed_ratio: speed / 100 },
        request: { reqid: randomUUID(), text, text_type: 'plain', operation: 'query' },
      }),
      signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(signal ? [signal] : [])]),
    });
    if (!response.ok) throw await providerHttpError('volcengine', response);
    const body = (await response.json()) as { code?: number; message?: string; data?: string };
    if (body.code !== 3000 || !body.data) {
      // 3001 invalid request, 3003 concurrency, 3005 server busy, 3010 text too long, 3011 invalid text.
      const retryable = body.code === 3003 || body.code === 3005;
      throw new SpeechProviderError(`volcengine code ${body.code}: ${body.message ?? ''}`, !retryable);
    }
    return Buffer.from(body.data, 'base64');
  },
});
