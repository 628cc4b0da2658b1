import type { TtsVoice } from '@app/contract';

/** Payload of a `text_to_speech` job: the voice as it was when asked (dictionary edits do not change it). */
export interface TtsJobPayload {
  taskId: number;
  voice: TtsVoice;
  /** A script's voices by value (each line names one). */
  voices?: Record<string, TtsVoice>;
}

/** Payload of an `audio_to_srt` job: the task names its audio and script. */
export interface AsrJobPayload {
  taskId: number;
}
