import type { TimedSegment } from '@app/contract';
import { providerHttpError, SpeechProviderError } from '../provider-errors.js';
import { abortAfter, type AsrEngine } from './asr-engine.js';

interface TaskAnswer {
  output?: {
    task_id?: string;
    task_status?: string;
    message?: string;
    results?: { subtask_status?: string; transcription_url?: string; message?: string }[];
  };
}

interface Transcription {
  transcripts?: { sentences?: { begin_time: number; end_time: number; text: string }[] }[];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new SpeechProviderError('paraformer: aborted or timed out'));
    });
  });

/**
 * DashScope Paraformer recorded-speech recognition, an asynchronous task: `POST
 * /api/v1/services/audio/asr/transcription` (`X-DashScope-Async: enable`, the audio by URL) → task id; poll
 * `GET /api/v1/tasks/{id}` until SUCCEEDED; fetch each result's `transcription_url` for timed sentences (ms).
 * The provider fetches the audio itself, so the server needs a public address (PUBLIC_BASE_URL).
 */
export const createParaformerAsrEngine = (options: {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
  pollMs?: number;
}): AsrEngine => ({
  name: 'paraformer',
  offline: false,
  needsScript: false,
  async transcribe({ publicUrl, signal }) {
    if (!publicUrl)
      throw new SpeechProviderError('paraformer needs PUBLIC_BASE_URL to hand the audio over', true);
    const base = (options.baseUrl ?? 'https://dashscope.aliyuncs.com').replace(/\/+$/, '');
    const deadline = abortAfter(options.timeoutMs, signal);
    const auth = { authorization: `Bearer ${options.apiKey ?? ''}` };
    const submitted = await fetch(`${base}/api/v1/services/audio/asr/transcription`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'x-dashscope-async': 'enable' },
      body: JSON.stringify({
        model: options.model ?? 'paraformer-v2',
        input: { file_urls: [publicUrl] },
        parameters: { language_hints: ['zh', 'en'] },
      }),
      signal: deadline,
    });
    if (!submitted.ok) throw await providerHttpError('paraformer', submitted);
    const taskId = ((await submitted.json()) as TaskAnswer).output?.task_id;
    if (!taskId) throw new SpeechProviderError('paraformer: no task id');
    for (;;) {
      await sleep(options.pollMs ?? 1000, deadline);
      const polled = await fetch(`${base}/api/v1/tasks/${encodeURIComponent(taskId)}`, {
        headers: auth,
        signal: deadline,
      });
      if (!polled.ok) throw await providerHttpError('paraformer', polled);
      const output = ((await polled.json()) as TaskAnswer).output;
      if (output?.task_status === 'FAILED' || output?.task_status === 'UNKNOWN') {
        throw new SpeechProviderError(
          `paraformer task failed: ${output.message ?? output.results?.[0]?.message ?? ''}`,
          true,
        );
      }
      if (output?.task_status !== 'SUCCEEDED') continue;
      const segments: TimedSegment[] = [];
      for (const result of output.results ?? []) {
        if (result.subtask_status !== 'SUCCEEDED' || !result.transcription_url) continue;
        const fetched = await fetch(result.transcription_url, { signal: deadline });
        if (!fetched.ok) throw await providerHttpError('paraformer', fetched);
        for (const transcript of ((await fetched.json()) as Transcription).transcripts ?? []) {
          for (const s of transcript.sentences ?? []) {
            segments.push({ start: s.begin_time / 1000, end: s.end_time / 1000, text: s.text });
          }
        }
      }
      return segments;
    }
  },
});
