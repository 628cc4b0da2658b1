import type { Config } from '../../../config.js';
import { checkImage, DrawEngineError, fetchJson, type ProviderOptions } from '../engines/image-engine.js';
import { createEsrganUpscaler } from './esrgan-upscaler.js';
import type { UpscaleRun, Upscaler } from './upscaler.js';

interface ExtrasAnswer {
  image?: string;
}

/** The upscaler SD WebUI runs for extras (one that ships with it). */
export const SD_WEBUI_UPSCALER = 'R-ESRGAN 4x+';

/**
 * Stable Diffusion WebUI's extras: `POST /sdapi/v1/extra-single-image` with the picture in base64 and
 * `upscaling_resize` = the factor; answers `{ image }` in base64 when done (no progress, no task id).
 */
export const createSdWebUiUpscaler = (options: ProviderOptions): Upscaler => {
  const base = options.baseUrl.replace(/\/$/, '');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Basic ${Buffer.from(options.apiKey).toString('base64')}`;
  return {
    name: 'sdwebui',
    offline: false,
    timeoutMs: options.timeoutMs,
    async upscale(image: Buffer, scale: number, run: UpscaleRun) {
      await run.progress(10, 'submitting');
      const answer = await fetchJson<ExtrasAnswer>(`${base}/sdapi/v1/extra-single-image`, {
        method: 'POST',
        headers,
        signal: run.signal,
        requestTimeoutMs: options.timeoutMs,
        body: JSON.stringify({
          image: image.toString('base64'),
          resize_mode: 0,
          upscaling_resize: scale,
          upscaler_1: SD_WEBUI_UPSCALER,
        }),
      });
      if (!answer.image) throw new DrawEngineError('draw_provider_error', true, 'no image');
      return (await checkImage(Buffer.from(answer.image, 'base64'))).data;
    },
  };
};

type UpscaleConfig = Pick<
  Config,
  'AI_IMAGE_PROVIDER' | 'AI_IMAGE_BASE_URL' | 'AI_IMAGE_API_KEY' | 'AI_IMAGE_TIMEOUT_MS'
>;

/**
 * The upscaler as configured: SD WebUI's extras when it is the drawing provider (it has upscalers), else the
 * built-in ESRGAN model (the other providers' APIs offer no plain upscale of an arbitrary picture).
 */
export const createUpscaler = (config: UpscaleConfig): Upscaler =>
  config.AI_IMAGE_PROVIDER === 'sdwebui' && config.AI_IMAGE_BASE_URL
    ? createSdWebUiUpscaler({
        baseUrl: config.AI_IMAGE_BASE_URL,
        apiKey: config.AI_IMAGE_API_KEY,
        timeoutMs: config.AI_IMAGE_TIMEOUT_MS,
      })
    : createEsrganUpscaler();
