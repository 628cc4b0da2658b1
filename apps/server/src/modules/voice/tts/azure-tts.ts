import { providerHttpError } from '../provider-errors.js';
import type { TtsEngine } from './tts-engine.js';
import { escapeXml } from '../../../platform/xml.js';

/** The SSML Azure expects: the voice by name, the speed as a relative `prosody rate` (+50%, −25%…). */
const azureSsml = (text: string, voice: string, lang: string, speed: number): string => {
  const rate = `${speed >= 100 ? '+' : ''}${speed - 100}%`;
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(lang)}">` +
    `<voice name="${escapeXml(voice)}"><prosody rate="${rate}">${escapeXml(text)}</prosody></voice></speak>`
  );
};

/**
 * Azure Speech text to speech over REST: `POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1`
 * with the subscription key, an SSML body and `X-Microsoft-OutputFormat`; answers MP3 bytes.
 */
export const createAzureTtsEngine = (options: {
  region?: string;
  baseUrl?: string;
  apiKey?: string;
  timeoutMs: number;
}): TtsEngine => {
  const base = (
    options.baseUrl ?? `https://${options.region ?? 'eastasia'}.tts.speech.microsoft.com`
  ).replace(/\/+$/, '');
  return {
    name: 'azure',
    offline: false,
    // Azure bills and limits by SSML size; pieces are short, this keeps any one request far below its cap.
    maxChars: 3000,
    async synthesize({ text, voice, speed, signal }) {
      const response = await fetch(`${base}/cognitiveservices/v1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/ssml+xml',
          'x-microsoft-outputformat': 'audio-24khz-48kbitrate-mono-mp3',
          'user-agent': 'aichuang',
          ...(options.apiKey ? { 'ocp-apim-subscription-key': options.apiKey } : {}),
        },
        body: azureSsml(text, voice.voice, voice.lang, speed),
        signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(signal ? [signal] : [])]),
      });
      if (!response.ok) throw await providerHttpError('azure', response);
      return Buffer.from(await response.arrayBuffer());
    },
  };
};
