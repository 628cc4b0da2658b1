import type { DubReading, TtsEngineName, TtsVoice } from '@app/contract';

export interface TtsRequest {
  /** One subtitle-sized piece of cleaned text (see text/cues.ts), never longer than `maxChars`. */
  text: string;
  voice: TtsVoice;
  /** Percent of the voice's normal pace, 50–200. */
  speed: number;
  /** Readings the user fixed (index into `text`): each engine honours them as far as its protocol allows. */
  readings?: DubReading[];
  signal?: AbortSignal;
}

/**
 * One speech engine: turns a short text into audio in any format ffmpeg reads (WAV, MP3…). The pipeline
 * (synthesize.ts) cuts the text, calls the engine piece by piece, times each piece and joins them.
 */
export interface TtsEngine {
  readonly name: TtsEngineName;
  /** An offline engine says so in its answers and on screen. */
  readonly offline: boolean;
  /** Longest text one call accepts (the provider's limit). */
  readonly maxChars: number;
  synthesize(request: TtsRequest): Promise<Buffer>;
}
