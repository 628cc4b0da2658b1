import sharp from 'sharp';
import type { DrawRatio, DrawStyle } from '@app/contract';
import { IMAGE_DECODE_LIMITS } from '../../../platform/storage/image-upload.js';

/** What every engine is asked to draw. */
export interface DrawRequest {
  prompt: string;
  negativePrompt: string | null;
  style: DrawStyle;
  ratio: DrawRatio;
  /** Requested pixel size (long side 1024); providers with fixed sizes pick the nearest they offer. */
  width: number;
  height: number;
  count: number;
  seed: number;
  /** Reference images of a character (PNG/JPEG bytes), for engines that use them. */
  roleImages: Buffer[];
  /** Picture to picture: the source picture (PNG/JPEG/WebP bytes) the result starts from. */
  sourceImage?: Buffer | null;
  /** For a video: the offline engine leaves out its corner label (the video says it is offline itself). */
  forVideo?: boolean;
}

/** One run of a task on an engine. */
export interface EngineRun {
  /** Aborted on cancel, on the task's time limit, or when this worker lost the job. */
  signal: AbortSignal;
  /** Reports 0–100 with a stage name (pushed to the owner over the hub). */
  progress(percent: number, stage: string): Promise<void>;
  /**
   * The provider's task id from an earlier run of the same task (the worker crashed or restarted):
   * the engine fetches that task instead of submitting a second one.
   */
  providerTaskId: string | null;
  /** Stores the provider's task id on the task as soon as the provider accepted it. */
  rememberTaskId(id: string): Promise<void>;
}

/** Where a remote engine is and how long it may take (from the AI_IMAGE_* settings). */
export interface ProviderOptions {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
  pollMs?: number;
}

export interface ImageEngine {
  /** `offline`, `openai`, `sdwebui`, `comfyui`, `midjourney`, `dashscope`. */
  readonly name: string;
  readonly offline: boolean;
  /** Prompts longer than this are refused before anything is submitted. */
  readonly maxPromptChars: number;
  /** Time limit of one task on this engine (queued time not included). */
  readonly timeoutMs: number;
  /** Whether reference role images reach the provider. */
  readonly usesRoleImages: boolean;
  /** Whether a source picture (picture to picture) reaches the provider. */
  readonly usesSourceImage?: boolean;
  /** Draws `count` images (encoded bytes, any format sharp reads). */
  draw(request: DrawRequest, run: EngineRun): Promise<Buffer[]>;
}

/** Failures with messages in the five languages (drawing.messages.ts). */
export const DRAW_ERROR_IDS = [
  'draw_provider_error',
  'draw_provider_refused',
  'draw_provider_busy',
  'draw_provider_auth',
  'draw_network_error',
  'draw_broken_image',
  'timeout',
  'canceled',
] as const;
export type DrawErrorId = (typeof DRAW_ERROR_IDS)[number];

export class DrawEngineError extends Error {
  constructor(
    readonly id: DrawErrorId,
    /** Worth another attempt: only failures before the provider produced anything. */
    readonly retryable: boolean,
    /** What the provider said, for the log. */
    readonly detail?: string,
  ) {
    super(detail ? `${id}: ${detail}` : id);
    this.name = 'DrawEngineError';
  }
}

/** Style words providers understand, appended to the prompt. */
const STYLE_WORDS: Record<DrawStyle, string> = {
  none: '',
  photo: 'photorealistic, natural light, 35mm photo',
  anime: 'anime style, clean line art, cel shading',
  watercolor: 'watercolor painting, soft washes, paper texture',
  ink: 'Chinese ink wash painting, shuimo, minimal',
  oil: 'oil painting, visible brush strokes',
  cyberpunk: 'cyberpunk, neon lights, night city',
  pixel: 'pixel art, 16-bit',
  sketch: 'pencil sketch, monochrome',
  '3d': '3D render, soft studio lighting',
};

export const promptWithStyle = (request: Pick<DrawRequest, 'prompt' | 'style'>): string =>
  STYLE_WORDS[request.style] ? `${request.prompt}, ${STYLE_WORDS[request.style]}` : request.prompt;

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
export { sleepFor as sleep };

/** The provider's answer as JSON; network failures and 5xx are retryable, 401/403 are auth, 4xx refused. */
export const fetchJson = async <T>(
  url: string,
  init: RequestInit & { signal: AbortSignal; requestTimeoutMs?: number },
): Promise<T> => {
  const response = await fetchOk(url, init);
  try {
    return (await response.json()) as T;
  } catch {
    throw new DrawEngineError('draw_provider_error', true, `not JSON from ${new URL(url).pathname}`);
  }
};

/** fetch with the run's signal plus a per-request limit, mapping failures to DrawEngineError. */
const fetchOk = async (
  url: string,
  init: RequestInit & { signal: AbortSignal; requestTimeoutMs?: number },
): Promise<Response> => {
  const { requestTimeoutMs = 60_000, signal, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      signal: AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]),
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason as Error;
    throw new DrawEngineError('draw_network_error', true, (error as Error).message);
  }
  if (response.ok) return response;
  const text = (await response.text().catch(() => '')).slice(0, 300);
  if (response.status === 401 || response.status === 403)
    throw new DrawEngineError('draw_provider_auth', false, text);
  if (response.status === 429) throw new DrawEngineError('draw_provider_busy', true, text);
  if (response.status >= 500) throw new DrawEngineError('draw_provider_error', true, text);
  throw new DrawEngineError('draw_provider_refused', false, `${response.status} ${text}`);
};

/** Downloads a result image. */
export const fetchImage = async (url: string, signal: AbortSignal, headers?: HeadersInit) =>
  Buffer.from(await (await fetchOk(url, { signal, headers, requestTimeoutMs: 120_000 })).arrayBuffer());

export interface CheckedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The source picture of a picture-to-picture request as PNG at the size the provider draws, cropped to fill it
 * (providers start from the whole frame; a picture of another ratio would be stretched).
 */
export const sourcePng = async (source: Buffer, width: number, height: number): Promise<Buffer> =>
  sharp(source, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels })
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .png()
    .toBuffer();

/** How far picture to picture moves from the source (0 keeps it, 1 ignores it), where a provider takes one. */
export const SOURCE_STRENGTH = 0.6;

/** Decodes a provider's image fully; anything sharp cannot read is `draw_broken_image` (not retried). */
export const checkImage = async (data: Buffer): Promise<CheckedImage> => {
  try {
    // A provider's image is outside input too: the same pixel budget as uploads.
    const { data: _pixels, info } = await sharp(data, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (!info.width || !info.height) throw new Error('empty image');
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new DrawEngineError('draw_broken_image', false, (error as Error).message);
  }
};

/** A provider's image by its URL, downloaded and checked to decode: its bytes. */
export const downloadImage = async (
  url: string,
  signal: AbortSignal,
  headers?: HeadersInit,
): Promise<Buffer> => (await checkImage(await fetchImage(url, signal, headers))).data;
