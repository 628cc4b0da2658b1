import { queryOptions } from '@tanstack/react-query';
import type { AsrTask, DubLine, TtsTask } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { SIGNED_LINK_REFRESH_MS } from '../../../shared/lib/api/signed-links';
import { download, upload } from '../../../shared/lib/api/transfer';

/** Dubbing and subtitles (spec §7 AI: textToSpeech/*, audioToSrt/*). */
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

export const voiceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.options,
    queryFn: () => call(endpoints.textToSpeechVoices, {}, { silent: true }),
    staleTime: 60_000,
  });

export const dubbingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: voiceKeys.dubbing(id),
    queryFn: () => call(endpoints.textToSpeechDetail, { query: { id } }, { silent: true }),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : SIGNED_LINK_REFRESH_MS),
  });

const PAGE = { page: 1, pageSize: 50 };

export const dubbingsQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.dubbings,
    queryFn: () => call(endpoints.textToSpeechPage, { body: PAGE }, { silent: true }),
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? POLL_MS : SIGNED_LINK_REFRESH_MS),
  });

export const subtitlesQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.subtitles,
    queryFn: () => call(endpoints.audioToSrtPage, { body: PAGE }, { silent: true }),
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? POLL_MS : SIGNED_LINK_REFRESH_MS),
  });

/** A plain text with one voice, or a script of lines (speakers, voices, pauses, reading fixes). */
export const addDubbing = (body: { text: string; voice: string; speed: number } | { lines: DubLine[] }) =>
  call(endpoints.textToSpeechAdd, { body });

/** One line spoken before paying (MP3 as a Blob; free, rate-limited). */
export const previewLine = (line: DubLine) =>
  download(endpoints.textToSpeechPreviewLine.path, { query: { ...line }, silent: true });

/** Each character's reading in context and the readings it may take (the editor's picker). */
export const pinyinQueryOptions = (text: string) =>
  queryOptions({
    queryKey: voiceKeys.pinyin(text),
    queryFn: () => call(endpoints.textToSpeechPinyin, { body: { text } }, { silent: true }),
    staleTime: Infinity,
    enabled: text.length > 0,
  });

/** My reading dictionary (fixes I made, applied to my later texts). */
export const readingFixesQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.readings,
    queryFn: () => call(endpoints.textToSpeechReadings, {}, { silent: true }),
    staleTime: 60_000,
  });

/** What this server can do with audio (transcribe, or align a script), asked before any upload. */
export const asrCapabilitiesQueryOptions = () =>
  queryOptions({
    queryKey: voiceKeys.capabilities,
    queryFn: () => call(endpoints.audioToSrtCapabilities, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });

export const deleteDubbing = (id: number) =>
  call(endpoints.textToSpeechDelete, { body: { id } }, { retry: true });

/** Uploads an audio clip (file or recording) with its optional script. */
export const addSubtitles = (file: Blob, text: string) =>
  upload<AsrTask>(endpoints.audioToSrtAdd.path, [file], { fields: text.trim() ? { text: text.trim() } : {} });

export const deleteSubtitles = (id: number) =>
  call(endpoints.audioToSrtDelete, { body: { id } }, { retry: true });

/** A voice sample (MP3) as a Blob. */
export const voicePreview = (voice: string, speed: number) =>
  download(endpoints.textToSpeechPreview.path, { query: { voice, speed }, silent: true });

/** Bilingual subtitles of one of my tasks (the server's text provider translates; cues keep their timing). */
export const makeBilingual = (body: { id: number; kind: 'tts' | 'asr'; lang: string }) =>
  call(endpoints.textToSpeechBilingual, { body });

/** Saves edited subtitle lines of a finished task; the server times them again from the speech. */
export const editSubtitles = (body: { id: number; kind: 'tts' | 'asr'; lines: string[] }) =>
  call(endpoints.textToSpeechSubtitles, { body });
