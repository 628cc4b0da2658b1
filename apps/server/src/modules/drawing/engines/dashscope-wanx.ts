import {
  DrawEngineError,
  downloadImage,
  fetchJson,
  promptWithStyle,
  sleep,
  sourcePng,
  type DrawRequest,
  type EngineRun,
  type ImageEngine,
  type ProviderOptions,
} from './image-engine.js';

interface TaskAnswer {
  output?: {
    task_id?: string;
    task_status?: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED' | 'UNKNOWN';
    results?: { url?: string; code?: string; message?: string }[];
    code?: string;
    message?: string;
  };
  code?: string;
  message?: string;
}

/** wanx sizes (width*height): the nearest to the ratio. */
const sizeFor = (request: DrawRequest) =>
  request.width === request.height
    ? '1024*1024'
    : request.width > request.height
      ? request.width / request.height > 1.5
        ? '1280*720'
        : '1152*768'
      : request.height / request.width > 1.5
        ? '720*1280'
        : '768*1152';

/** The wanx model that edits a picture (picture to picture), by instruction. */
export const WANX_EDIT_MODEL = 'wanx2.1-imageedit';

/**
 * Alibaba Cloud DashScope wanx text-to-image (or, picture to picture, wanx image edit at
 * `/services/aigc/image2image/image-synthesis` with `function: description_edit` and the source as a data URL in
 * `base_image_url`), asynchronous: submit with `X-DashScope-Async: enable`, then poll
 * `GET /api/v1/tasks/{task_id}` until SUCCEEDED (result URLs) or FAILED. The task id is stored as soon as it is
 * known, so a restarted worker polls the same task.
 */
export const createDashScopeEngine = (options: ProviderOptions): ImageEngine => {
  const base = (options.baseUrl || 'https://dashscope.aliyuncs.com').replace(/\/$/, '');
  const auth = { authorization: `Bearer ${options.apiKey ?? ''}` };
  return {
    name: 'dashscope',
    offline: false,
    maxPromptChars: 800,
    timeoutMs: options.timeoutMs,
    usesRoleImages: false,
    usesSourceImage: true,
    async draw(request: DrawRequest, run: EngineRun) {
      let taskId = run.providerTaskId;
      if (!taskId) {
        await run.progress(5, 'submitting');
        const source = request.sourceImage
          ? `data:image/png;base64,${(await sourcePng(request.sourceImage, request.width, request.height)).toString('base64')}`
          : null;
        const body = source
          ? {
              model: WANX_EDIT_MODEL,
              input: {
                function: 'description_edit',
                prompt: promptWithStyle(request),
                base_image_url: source,
              },
              parameters: { n: request.count, seed: request.seed },
            }
          : {
              model: options.model ?? 'wanx2.1-t2i-turbo',
              input: {
                prompt: promptWithStyle(request),
                ...(request.negativePrompt ? { negative_prompt: request.negativePrompt } : {}),
              },
              parameters: { size: sizeFor(request), n: request.count, seed: request.seed },
            };
        const submitted = await fetchJson<TaskAnswer>(
          `${base}/api/v1/services/aigc/${source ? 'image2image' : 'text2image'}/image-synthesis`,
          {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'X-DashScope-Async': 'enable' },
            signal: run.signal,
            requestTimeoutMs: 30_000,
            body: JSON.stringify(body),
          },
        );
        taskId = submitted.output?.task_id ?? null;
        if (!taskId)
          throw new DrawEngineError(
            'draw_provider_refused',
            false,
            submitted.message ?? submitted.code ?? '',
          );
        await run.rememberTaskId(taskId);
      }
      await run.progress(10, 'queued_at_provider');
      for (let polls = 0; ; polls++) {
        const answer = await fetchJson<TaskAnswer>(`${base}/api/v1/tasks/${encodeURIComponent(taskId)}`, {
          headers: auth,
          signal: run.signal,
          requestTimeoutMs: 30_000,
        }).catch((error: unknown) => {
          // The task exists at the provider: a network hiccup while polling is not a reason to submit again.
          if (error instanceof DrawEngineError && error.retryable) return null;
          throw error;
        });
        const status = answer?.output?.task_status;
        if (status === 'SUCCEEDED') {
          const urls = (answer!.output!.results ?? []).flatMap((r) => (r.url ? [r.url] : []));
          if (!urls.length) throw new DrawEngineError('draw_provider_refused', false, 'no result images');
          await run.progress(90, 'downloading');
          const out: Buffer[] = [];
          for (const url of urls.slice(0, request.count)) out.push(await downloadImage(url, run.signal));
          return out;
        }
        if (status === 'FAILED' || status === 'CANCELED' || status === 'UNKNOWN') {
          const detail = answer?.output?.message ?? answer?.output?.code ?? status;
          const refused = /DataInspection|inappropriate|IPInfringement/i.test(
            `${answer?.output?.code} ${detail}`,
          );
          throw new DrawEngineError(refused ? 'draw_provider_refused' : 'draw_provider_error', false, detail);
        }
        // The provider reports no percentage: creep towards 85 % while it runs.
        await run.progress(
          status === 'RUNNING' ? Math.min(85, 20 + polls * 5) : 10,
          status === 'RUNNING' ? 'generating' : 'queued_at_provider',
        );
        await sleep(options.pollMs ?? 2000, run.signal);
      }
    },
  };
};
