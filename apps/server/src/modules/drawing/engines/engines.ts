import { readFileSync } from 'node:fs';
import type { Config } from '../../../config.js';
import { createComfyUiEngine } from './comfyui.js';
import { createDashScopeEngine } from './dashscope-wanx.js';
import type { ImageEngine } from './image-engine.js';
import { createMidjourneyEngine } from './midjourney-proxy.js';
import { createOfflineImageEngine } from './offline-engine.js';
import { createOpenAiImageEngine } from './openai-images.js';
import { createSdWebUiEngine } from './sd-webui.js';

/** The drawing engine as configured (AI_IMAGE_*): a provider, or the built-in offline engine. */
export const createImageEngine = (
  config: Pick<
    Config,
    | 'AI_IMAGE_PROVIDER'
    | 'AI_IMAGE_BASE_URL'
    | 'AI_IMAGE_API_KEY'
    | 'AI_IMAGE_MODEL'
    | 'AI_IMAGE_TIMEOUT_MS'
    | 'AI_IMAGE_POLL_MS'
    | 'AI_IMAGE_COMFYUI_WORKFLOW'
  >,
): ImageEngine => {
  const provider = config.AI_IMAGE_PROVIDER;
  if (provider === 'offline') return createOfflineImageEngine();
  const baseUrl =
    config.AI_IMAGE_BASE_URL ?? (provider === 'dashscope' ? 'https://dashscope.aliyuncs.com' : '');
  if (!baseUrl) throw new Error(`AI_IMAGE_BASE_URL is required with AI_IMAGE_PROVIDER=${provider}`);
  const options = {
    baseUrl,
    apiKey: config.AI_IMAGE_API_KEY,
    model: config.AI_IMAGE_MODEL,
    timeoutMs: config.AI_IMAGE_TIMEOUT_MS,
    pollMs: config.AI_IMAGE_POLL_MS,
  };
  switch (provider) {
    case 'openai':
      return createOpenAiImageEngine(options);
    case 'sdwebui':
      return createSdWebUiEngine(options);
    case 'comfyui':
      return createComfyUiEngine({
        ...options,
        workflow: config.AI_IMAGE_COMFYUI_WORKFLOW
          ? (JSON.parse(readFileSync(config.AI_IMAGE_COMFYUI_WORKFLOW, 'utf8')) as unknown)
          : undefined,
      });
    case 'midjourney':
      return createMidjourneyEngine(options);
    case 'dashscope':
      return createDashScopeEngine(options);
  }
};
