import type { TimedSegment } from '@app/contract';
import WebSocket from 'ws';
import { decodeToPcm } from '../audio.js';
import { socketExchange } from '../provider-socket.js';
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
    const socket = new WebSocket(options.url);
    const limits = { timeoutMs: options.timeoutMs, signal, closedEarly: 'closed without a result' };
    return socketExchange<TimedSegment[]>('funasr', socket, limits, (finish) => {
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
    });
  },
});
