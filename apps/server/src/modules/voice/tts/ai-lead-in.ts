import { decodeToPcm, SAMPLE_RATE, silence } from '../audio.js';
import type { SpeechPiece } from './synthesize.js';

/** How a dubbing announces that it is AI-made (app_config aiLabels.audioPrompt). */
export type AudioLeadIn = 'rhythm' | 'speech';

/** The words of the spoken lead-in (GB 45438-2025's example). */
export const SPOKEN_AI_LABEL = '本音频由AI生成';

/** The rhythm prompt's beats: short-long-short-short (Morse "AI", ·− ··), seconds of tone and of the gap after. */
const BEATS: [tone: number, gap: number][] = [
  [0.12, 0.12],
  [0.36, 0.24],
  [0.12, 0.12],
  [0.12, 0.12],
];
const TONE_HZ = 880;
/** Quiet after the lead-in, before the first word. */
const AFTER_SECONDS = 0.4;

/** A tone with short fades (no clicks), 16-bit mono PCM at SAMPLE_RATE. */
const tone = (seconds: number): Buffer => {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const fade = Math.round(0.01 * SAMPLE_RATE);
  const out = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * TONE_HZ * i) / SAMPLE_RATE) * 12000 * envelope), i * 2);
  }
  return out;
};

/** The standard's rhythm prompt, as PCM. */
export const rhythmPromptPcm = (): Buffer =>
  Buffer.concat([...BEATS.flatMap(([on, off]) => [tone(on), silence(off)]), silence(AFTER_SECONDS)]);

/** The lead-in of a dubbing: the rhythm prompt, or "本音频由AI生成" said in the dubbing's first voice. */
export const aiLeadInPcm = async (
  kind: AudioLeadIn,
  piece: SpeechPiece | undefined,
  signal?: AbortSignal,
): Promise<Buffer> => {
  if (kind === 'rhythm' || !piece) return rhythmPromptPcm();
  const audio = await piece.engine.synthesize({ text: SPOKEN_AI_LABEL, voice: piece.voice, speed: 100, signal });
  return Buffer.concat([await decodeToPcm(audio, signal), silence(AFTER_SECONDS)]);
};
