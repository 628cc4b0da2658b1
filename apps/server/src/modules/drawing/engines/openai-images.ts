import {
  checkImage,
  DrawEngineError,
  fetchImage,
  fetchJson,
  promptWithStyle,
  sourcePng,
  type DrawRequest,
  type EngineRun,
  type ImageEngine,
  type ProviderOptions,
} from './image-engine.js';

/** Sizes the images API offers: dall-e-3 1792-long, gpt-image-1 and others 1536-long, all square 1024. */
const sizeFor = (model: string, request: DrawRequest) => {
  if (request.width === request.height) return '1024x1024';
  const long = model.startsWith('dall-e-3') ? 1792 : 1536;
  return request.width > request.height ? `${long}x1024` : `1024x${long}`;
};

interface ImagesAnswer {
  data?: { b64_json?: string; url?: string }[];
}

/**
 * An OpenAI-compatible images API (`POST {base}/images/generations`): OpenAI, Azure-style gateways, one-api…
 * Picture to picture goes to `POST {base}/images/edits` as multipart form data, the source as the `image` file.
 * Answers carry `b64_json` or a `url` to download. One request for all images; no progress in between.
 */
export const createOpenAiImageEngine = (options: ProviderOptions): ImageEngine => {
  const model = options.model ?? 'dall-e-3';
  return {
    name: 'openai',
    offline: false,
    maxPromptChars: model.startsWith('dall-e-2') ? 1000 : 4000,
    timeoutMs: options.timeoutMs,
    usesRoleImages: false,
    usesSourceImage: true,
    async draw(request: DrawRequest, run: EngineRun) {
      await run.progress(5, 'submitting');
      const auth: Record<string, string> = options.apiKey
        ? { authorization: `Bearer ${options.apiKey}` }
        : {};
      const headers = { 'content-type': 'application/json', ...auth };
      const size = sizeFor(model, request);
      const [width, height] = size.split('x').map(Number) as [number, number];
      const source = request.sourceImage ? await sourcePng(request.sourceImage, width, height) : null;
      const base = options.baseUrl.replace(/\/$/, '');
      // dall-e-3 draws one image per request.
      const perRequest = model.startsWith('dall-e-3') ? 1 : request.count;
      const images: Buffer[] = [];
      while (images.length < request.count) {
        const n = Math.min(perRequest, request.count - images.length);
        const fields = {
          model,
          prompt: promptWithStyle(request),
          n,
          size,
          ...(model.startsWith('gpt-image') ? {} : { response_format: 'b64_json' }),
        };
        let answer: ImagesAnswer;
        if (source) {
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
          form.append('image', new Blob([new Uint8Array(source)], { type: 'image/png' }), 'source.png');
          answer = await fetchJson<ImagesAnswer>(`${base}/images/edits`, {
            method: 'POST',
            headers: auth,
            signal: run.signal,
            requestTimeoutMs: options.timeoutMs,
            body: form,
          });
        } else
          answer = await fetchJson<ImagesAnswer>(`${base}/images/generations`, {
            method: 'POST',
            headers,
            signal: run.signal,
            requestTimeoutMs: options.timeoutMs,
            body: JSON.stringify(fields),
          });
        const items = answer.data ?? [];
        if (!items.length) throw new DrawEngineError('draw_provider_error', images.length === 0, 'no images');
        for (const item of items.slice(0, n)) {
          const bytes = item.b64_json
            ? Buffer.from(item.b64_json, 'base64')
            : item.url
              ? await fetchImage(item.url, run.signal)
              : Buffer.alloc(0);
          images.push((await checkImage(bytes)).data);
        }
        await run.progress(10 + Math.round((80 * images.length) / request.count), 'generating');
      }
      return images;
    },
  };
};
