import type { TimedSegment } from '@app/contract';
import WebSocket from 'ws';
import { decodeToPcm } from '../audio.js';
import { SpeechProviderError } from '../provider-errors.js';
import type { AsrEngine } from './asr-engine.js';

const FUNASR_RATE = 16000;
/** Bytes of 16 kHz PCM per frame sent (100 ms). */
const FRAME_BYTES = FUNASR_RATE * 2 * 0.1;

interface FunAsrMessage {
  text?: string;
  is_final?: boolean;
  mode?: string;
  /** Per-character times in ms, as a JSON string `[[start,end],…]`. */
  timestamp?: string;
  /** Sentences with times in ms (newer servers). */
  stamp_sents?: { text_seg?: string; punc?: string; start: number; end: number }[];
}

/** FunASR's answer as timed segments: its sentences when it sends them, else the whole text with its span. */
export const funAsrSegments = (message: FunAsrMessage): TimedSegment[] => {
  if (message.stamp_sents?.length) {
    return message.stamp_sents.map((s) => ({
      start: s.start / 1000,
      end: s.end / 1000,
      text: `${(s.text_seg ?? '').replace(/\s+/g, '')}${s.punc ?? ''}`,
    }));
  }
  const text = (message.text ?? '').trim();
  if (!text) return [];
  let stamps: [number, number][] = [];
  try {
    stamps = JSON.parse(message.timestamp ?? '[]') as [number, number][];
  } catch {
    stamps = [];
  }
  const start = stamps[0]?.[0] ?? 0;
  const end = stamps[stamps.length - 1]?.[1] ?? start;
  return [{ start: start / 1000, end: end / 1000, text }];
};

/**
 * FunASR's runtime server over its WebSocket protocol (offline mode): a JSON start message (`mode: offline`,
 * `wav_format: pcm`, `audio_fs: 16000`, `is_speaking: true`), the audio as binary 16 kHz PCM frames, then
 * `{ is_speaking: false }`; the server answers the text with its timestamps (`is_final`).
 */
export const createFunAsrEngine = (options: { url: string; timeoutMs: number }): AsrEngine => ({
  name: 'funasr',
  offline: false,
  needsScript: false,
  async transcribe({ audio, signal }) {
    const pcm = await decodeToPcm(audio, signal, FUNASR_RATE);
    return new Promise<TimedSegment[]>((resolve, reject) => {
      const socket = new WebSocket(options.url);
      let settled = false;
      const finish = (error: Error | null, segments: TimedSegment[] = []) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        socket.close();
        if (error) reject(error);
        else resolve(segments);
      };
      const onAbort = () => finish(new SpeechProviderError('funasr: aborted'));
      const timer = setTimeout(() => finish(new SpeechProviderError('funasr: timeout')), options.timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.on('open', () => {
        socket.send(
          JSON.stringify({
            mode: 'offline',
            wav_name: 'audio',
            wav_format: 'pcm',
            audio_fs: FUNASR_RATE,
            is_speaking: true,
            itn: true,
            chunk_size: [5, 10, 5],
          }),
        );
        for (let at = 0; at < pcm.length; at += FRAME_BYTES) socket.send(pcm.subarray(at, at + FRAME_BYTES));
        socket.send(JSON.stringify({ is_speaking: false }));
      });
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        let message: FunAsrMessage;
        try {
          message = JSON.parse(data.toString()) as FunAsrMessage;
        } catch {
          return;
        }
        // Offline mode answers once; a server that omits is_final still ends with this message.
        if (message.is_final !== false || message.mode === 'offline') finish(null, funAsrSegments(message));
      });
      socket.on('error', (error) => finish(new SpeechProviderError(`funasr: ${error.message}`)));
      socket.on('close', () => finish(new SpeechProviderError('funasr: closed without a result')));
    });
  },
});
