import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { endpoints } from '@app/contract';
import type { Config } from '../../../config.js';
import { createComfyUiEngine } from './comfyui.js';
import { createDashScopeEngine } from './dashscope-wanx.js';
import type { ImageEngine } from './image-engine.js';
import { createMidjourneyEngine, type NotifyWakeups } from './midjourney-proxy.js';
import { createOfflineImageEngine } from './offline-engine.js';
import { createOpenAiImageEngine } from './openai-images.js';
import { createSdWebUiEngine } from './sd-webui.js';

type ImageConfig = Pick<
  Config,
  | 'AI_IMAGE_PROVIDER'
  | 'AI_IMAGE_BASE_URL'
  | 'AI_IMAGE_API_KEY'
  | 'AI_IMAGE_MODEL'
  | 'AI_IMAGE_TIMEOUT_MS'
  | 'AI_IMAGE_POLL_MS'
  | 'AI_IMAGE_COMFYUI_WORKFLOW'
  | 'PUBLIC_BASE_URL'
>;

/** The secret in midjourney-proxy's notifyHook URL: derived from its API secret, so only that proxy knows it. */
export const midjourneyNotifyToken = (config: Pick<Config, 'AI_IMAGE_API_KEY'>): string | null =>
  config.AI_IMAGE_API_KEY
    ? createHash('sha256').update(`mj-notify\n${config.AI_IMAGE_API_KEY}`).digest('base64url').slice(0, 32)
    : null;

/** The drawing engine as configured (AI_IMAGE_*): a provider, or the built-in offline engine. */
export const createImageEngine = (config: ImageConfig, wakeups?: NotifyWakeups): ImageEngine => {
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
    case 'midjourney': {
      // The proxy can tell us when a task changes, when it can reach us (PUBLIC_BASE_URL).
      const token = midjourneyNotifyToken(config);
      const notifyHook =
        config.PUBLIC_BASE_URL && token
          ? `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}${endpoints.aiDrawNotifyMidjourney.path}?token=${token}`
          : undefined;
      return createMidjourneyEngine({ ...options, notifyHook, wakeups });
    }
    case 'dashscope':
      return createDashScopeEngine(options);
  }
};
