import type { TimedSegment } from '@app/contract';

export interface AsrRequest {
  /** The uploaded file as stored (mp3, m4a…). */
  audio: Buffer;
  mime: string;
  /** Seconds (measured with ffprobe at upload). */
  duration: number;
  /** The script the user gave, if any. */
  script: string | null;
  /** A URL the provider can fetch the audio from (asynchronous cloud APIs need one); null when there is none. */
  publicUrl: string | null;
  signal?: AbortSignal;
}

/**
 * One speech-to-text engine: answers timed segments (seconds). The caller cuts them into subtitle-sized
 * cues and builds the SRT.
 */
export interface AsrEngine {
  readonly name: string;
  readonly offline: boolean;
  /** The offline engine times a known script instead of transcribing: it needs `script`. */
  readonly needsScript: boolean;
  transcribe(request: AsrRequest): Promise<TimedSegment[]>;
  /**
   * Rejects (with the reason) when the engine cannot work on this server, so a request is refused before it
   * becomes a task: a local model directory it cannot use, a runtime not installed. Absent: always usable.
   */
  check?(): Promise<void>;
}

export const abortAfter = (timeoutMs: number, signal?: AbortSignal) =>
  AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
