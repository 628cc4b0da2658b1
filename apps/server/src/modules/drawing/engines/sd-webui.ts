import {
  checkImage,
  DrawEngineError,
  fetchJson,
  promptWithStyle,
  sourcePng,
  SOURCE_STRENGTH,
  type DrawRequest,
  type EngineRun,
  type ImageEngine,
  type ProviderOptions,
} from './image-engine.js';

interface Txt2ImgAnswer {
  images?: string[];
}
interface ProgressAnswer {
  progress?: number;
  state?: { job_count?: number };
}

/**
 * Stable Diffusion WebUI (AUTOMATIC1111 / Forge) API: `POST /sdapi/v1/txt2img` (or, picture to picture,
 * `/sdapi/v1/img2img` with the source in `init_images`) answers when the batch is done;
 * meanwhile `GET /sdapi/v1/progress` gives 0–1; a cancel calls `POST /sdapi/v1/interrupt`. The API has no task
 * ids, so a restarted worker submits again (nothing was stored or charged).
 */
export const createSdWebUiEngine = (options: ProviderOptions): ImageEngine => {
  const base = options.baseUrl.replace(/\/$/, '');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Basic ${Buffer.from(options.apiKey).toString('base64')}`;
  return {
    name: 'sdwebui',
    offline: false,
    maxPromptChars: 2000,
    timeoutMs: options.timeoutMs,
    usesRoleImages: false,
    usesSourceImage: true,
    async draw(request: DrawRequest, run: EngineRun) {
      await run.progress(5, 'submitting');
      const done = new AbortController();
      const signal = AbortSignal.any([run.signal, done.signal]);
      const poll = (async () => {
        while (!signal.aborted) {
          await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
          if (signal.aborted) return;
          const answer = await fetchJson<ProgressAnswer>(
            `${base}/sdapi/v1/progress?skip_current_image=true`,
            {
              headers,
              signal,
              requestTimeoutMs: 10_000,
            },
          ).catch(() => null);
          if (answer && typeof answer.progress === 'number' && !signal.aborted)
            await run.progress(10 + Math.round(Math.min(1, answer.progress) * 80), 'generating');
        }
      })();
      const interrupt = () => {
        void fetch(`${base}/sdapi/v1/interrupt`, { method: 'POST', headers }).catch(() => undefined);
      };
      run.signal.addEventListener('abort', interrupt, { once: true });
      try {
        const source = request.sourceImage
          ? (await sourcePng(request.sourceImage, request.width, request.height)).toString('base64')
          : null;
        const answer = await fetchJson<Txt2ImgAnswer>(`${base}/sdapi/v1/${source ? 'img2img' : 'txt2img'}`, {
          method: 'POST',
          headers,
          signal: run.signal,
          requestTimeoutMs: options.timeoutMs,
          body: JSON.stringify({
            prompt: promptWithStyle(request),
            negative_prompt: request.negativePrompt ?? '',
            width: request.width,
            height: request.height,
            batch_size: request.count,
            n_iter: 1,
            seed: request.seed,
            steps: 25,
            ...(source ? { init_images: [source], denoising_strength: SOURCE_STRENGTH, resize_mode: 1 } : {}),
            ...(options.model ? { override_settings: { sd_model_checkpoint: options.model } } : {}),
          }),
        });
        const images = (answer.images ?? []).slice(0, request.count);
        if (!images.length) throw new DrawEngineError('draw_provider_error', true, 'no images');
        const out: Buffer[] = [];
        for (const b64 of images) out.push((await checkImage(Buffer.from(b64, 'base64'))).data);
        return out;
      } finally {
        run.signal.removeEventListener('abort', interrupt);
        done.abort();
        await poll.catch(() => undefined);
      }
    },
  };
};
