import { providerHttpError } from '../provider-errors.js';
import type { TtsEngine } from './tts-engine.js';

/**
 * Any OpenAI-compatible speech API: `POST {base}/audio/speech` with `{ model, input, voice, speed,
 * response_format: 'mp3' }`, answering the MP3 bytes. `speed` is a factor (1 = normal, 0.25–4).
 */
export const createOpenAiTtsEngine = (options: {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}): TtsEngine => ({
  name: 'openai',
  offline: false,
  maxChars: 4096,
  async synthesize({ text, voice, speed, signal }) {
    const response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/audio/speech`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model ?? 'tts-1',
        input: text,
        voice: voice.voice,
        speed: speed / 100,
        response_format: 'mp3',
      }),
      signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(signal ? [signal] : [])]),
    });
    if (!response.ok) throw await providerHttpError('openai', response);
    return Buffer.from(await response.arrayBuffer());
  },
});
