import sharp from 'sharp';
import {
  DrawEngineError,
  downloadImage,
  fetchJson,
  promptWithStyle,
  sleep,
  type DrawRequest,
  type EngineRun,
  type ImageEngine,
  type ProviderOptions,
} from './image-engine.js';

interface SubmitAnswer {
  code?: number;
  description?: string;
  result?: string | null;
  properties?: { bannedWord?: string };
}
interface TaskAnswer {
  id?: string;
  status?: 'NOT_START' | 'SUBMITTED' | 'MODAL' | 'IN_PROGRESS' | 'FAILURE' | 'SUCCESS' | 'CANCEL';
  progress?: string;
  imageUrl?: string | null;
  failReason?: string | null;
}

/**
 * midjourney-proxy's `notifyHook`: the proxy posts a task's state to our hook as it changes; the hook wakes the
 * poll of that task at once (polling still finds the result when the hook never comes, or reaches another process).
 */
export const createNotifyWakeups = () => {
  const waiting = new Map<string, Set<() => void>>();
  return {
    /** Resolves when the hook names the task, or after `ms`; rejects when the run is aborted. */
    wait(taskId: string, ms: number, signal: AbortSignal): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const set = waiting.get(taskId) ?? new Set<() => void>();
        waiting.set(taskId, set);
        const finish = (outcome: () => void) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          set.delete(wake);
          if (!set.size && waiting.get(taskId) === set) waiting.delete(taskId);
          outcome();
        };
        const wake = () => finish(resolve);
        const onAbort = () => finish(() => reject(signal.reason as Error));
        const timer = setTimeout(wake, ms);
        set.add(wake);
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    /** The hook saw the task: its poll runs now. True when a poll was waiting here. */
    wake(taskId: string): boolean {
      const set = waiting.get(taskId);
      if (!set?.size) return false;
      for (const wake of [...set]) wake();
      return true;
    },
  };
};
export type NotifyWakeups = ReturnType<typeof createNotifyWakeups>;

/** Midjourney's aspect-ratio parameter for our ratios. */
const aspect = (request: DrawRequest) => ` --ar ${request.ratio}`;

/** The four pictures of Midjourney's 2×2 grid, in reading order. */
const splitGrid = async (grid: Buffer): Promise<Buffer[]> => {
  const { width, height } = await sharp(grid).metadata();
  if (!width || !height) throw new DrawEngineError('draw_broken_image', false, 'grid without size');
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  return Promise.all(
    [
      [0, 0],
      [w, 0],
      [0, h],
      [w, h],
    ].map(([left, top]) =>
      sharp(grid).extract({ left: left!, top: top!, width: w, height: h }).png().toBuffer(),
    ),
  );
};

/**
 * midjourney-proxy (novicezk/midjourney-proxy and its forks): `POST /mj/submit/imagine` with the
 * `mj-api-secret` header answers code 1 (submitted), 21 (exists), 22 (queued), 23 (queue full), 24 (banned
 * word); the task is polled at `GET /mj/task/{id}/fetch` until SUCCESS or FAILURE. Where the proxy itself would
 * wait forever (SUBMITTED, a progress stuck at 93 %), our own time limit ends the task. The grid image is cut
 * into its four pictures and `count` of them kept.
 */
export const createMidjourneyEngine = (
  options: ProviderOptions & { notifyHook?: string; wakeups?: NotifyWakeups },
): ImageEngine => {
  const base = options.baseUrl.replace(/\/$/, '');
  const headers = {
    'content-type': 'application/json',
    ...(options.apiKey ? { 'mj-api-secret': options.apiKey } : {}),
  };
  return {
    name: 'midjourney',
    offline: false,
    maxPromptChars: 2000,
    timeoutMs: options.timeoutMs,
    usesRoleImages: true,
    async draw(request: DrawRequest, run: EngineRun) {
      let taskId = run.providerTaskId;
      if (!taskId) {
        await run.progress(5, 'submitting');
        const negative = request.negativePrompt ? ` --no ${request.negativePrompt.replace(/--/g, '')}` : '';
        const answer = await fetchJson<SubmitAnswer>(`${base}/mj/submit/imagine`, {
          method: 'POST',
          headers,
          signal: run.signal,
          requestTimeoutMs: 30_000,
          body: JSON.stringify({
            prompt: `${promptWithStyle(request).replace(/--/g, '')}${aspect(request)}${negative} --seed ${request.seed}`,
            base64Array: request.roleImages.map((b) => `data:image/png;base64,${b.toString('base64')}`),
            ...(options.notifyHook ? { notifyHook: options.notifyHook } : {}),
          }),
        });
        if (answer.code === 23) throw new DrawEngineError('draw_provider_busy', true, answer.description);
        if (answer.code === 24)
          throw new DrawEngineError(
            'draw_provider_refused',
            false,
            answer.properties?.bannedWord ?? answer.description,
          );
        if (![1, 21, 22].includes(answer.code ?? 0) || !answer.result)
          throw new DrawEngineError(
            'draw_provider_error',
            false,
            `${answer.code} ${answer.description ?? ''}`,
          );
        taskId = answer.result;
        await run.rememberTaskId(taskId);
      }
      for (;;) {
        const task = await fetchJson<TaskAnswer>(`${base}/mj/task/${encodeURIComponent(taskId)}/fetch`, {
          headers,
          signal: run.signal,
          requestTimeoutMs: 30_000,
        }).catch((error: unknown) => {
          if (error instanceof DrawEngineError && error.retryable) return null;
          throw error;
        });
        if (task?.status === 'SUCCESS') {
          if (!task.imageUrl) throw new DrawEngineError('draw_broken_image', false, 'success without image');
          await run.progress(92, 'downloading');
          const grid = await downloadImage(task.imageUrl, run.signal, headers);
          return (await splitGrid(grid)).slice(0, request.count);
        }
        if (task?.status === 'FAILURE' || task?.status === 'CANCEL') {
          const reason = task.failReason ?? task.status;
          throw new DrawEngineError(
            /banned|prohibited|敏感/i.test(reason) ? 'draw_provider_refused' : 'draw_provider_error',
            false,
            reason,
          );
        }
        if (task) {
          const percent = Number.parseInt(task.progress ?? '0', 10) || 0;
          const running = task.status === 'IN_PROGRESS';
          await run.progress(
            running ? 10 + Math.round(percent * 0.8) : 8,
            running ? 'generating' : 'queued_at_provider',
          );
        }
        if (options.wakeups) await options.wakeups.wait(taskId, options.pollMs ?? 2000, run.signal);
        else await sleep(options.pollMs ?? 2000, run.signal);
      }
    },
  };
};
