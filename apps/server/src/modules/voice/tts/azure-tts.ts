import type { DubReading } from '@app/contract';
import { providerHttpError } from '../provider-errors.js';
import type { TtsEngine } from './tts-engine.js';
import { escapeXml } from '../../../platform/xml.js';

/** Text with each fixed character as an SSML `phoneme` in Azure's SAPI pinyin (`hang 2`). */
const withPhonemes = (text: string, readings: readonly DubReading[]): string => {
  let out = '';
  let from = 0;
  for (const fix of [...readings].filter((r) => text[r.at] === r.char).sort((a, b) => a.at - b.at)) {
    const sapi = fix.pinyin.replace(/^(.*?)([1-5])$/, '$1 $2');
    out += `${escapeXml(text.slice(from, fix.at))}<phoneme alphabet="sapi" ph="${escapeXml(sapi)}">${escapeXml(fix.char)}</phoneme>`;
    from = fix.at + 1;
  }
  return out + escapeXml(text.slice(from));
};

/**
 * The SSML Azure expects: the voice by name, the speed as a relative `prosody rate` (+50%, −25%…), fixed
 * readings as `phoneme`. Timed pauses never reach it as `break`: the pipeline cuts the text at each pause and
 * puts exact silence between the pieces, so every cue's time stays known.
 */
const azureSsml = (
  text: string,
  voice: string,
  lang: string,
  speed: number,
  readings: readonly DubReading[] = [],
): string => {
  const rate = `${speed >= 100 ? '+' : ''}${speed - 100}%`;
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(lang)}">` +
    `<voice name="${escapeXml(voice)}"><prosody rate="${rate}">${withPhonemes(text, readings)}</prosody></voice></speak>`
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
    async synthesize({ text, voice, speed, readings, signal }) {
      const response = await fetch(`${base}/cognitiveservices/v1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/ssml+xml',
          'x-microsoft-outputformat': 'audio-24khz-48kbitrate-mono-mp3',
          'user-agent': 'aichuang',
          ...(options.apiKey ? { 'ocp-apim-subscription-key': options.apiKey } : {}),
        },
        body: azureSsml(text, voice.voice, voice.lang, speed, readings),
        signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(signal ? [signal] : [])]),
      });
      if (!response.ok) throw await providerHttpError('azure', response);
      return Buffer.from(await response.arrayBuffer());
    },
  };
};
