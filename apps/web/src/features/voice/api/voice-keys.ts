import type { TtsTask } from '@app/contract';

/** Query keys of dubbing and subtitles (spec §7 AI: textToSpeech/*, audioToSrt/*). */
export const voiceKeys = {
  options: ['voice', 'options'] as const,
  dubbings: ['voice', 'tts'] as const,
  dubbing: (id: number) => ['voice', 'tts', id] as const,
  subtitles: ['voice', 'asr'] as const,
  readings: ['voice', 'readings'] as const,
  pinyin: (text: string) => ['voice', 'pinyin', text] as const,
  capabilities: ['voice', 'asr-capabilities'] as const,
};

/** A task still being worked on is polled (the hub's JobProgress also refreshes it sooner). */
export const POLL_MS = 1500;
export const isRunning = (task: Pick<TtsTask, 'status'> | undefined) =>
  task?.status === 'queued' || task?.status === 'running';

/** The first page of a list of my tasks. */
export const FIRST_PAGE = { page: 1, pageSize: 50 };
