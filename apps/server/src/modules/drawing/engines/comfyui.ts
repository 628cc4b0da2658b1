import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  DrawEngineError,
  downloadImage,
  fetchJson,
  promptWithStyle,
  sleep,
  sourcePng,
  SOURCE_STRENGTH,
  type DrawRequest,
  type EngineRun,
  type ImageEngine,
  type ProviderOptions,
} from './image-engine.js';

/**
 * The default ComfyUI workflow (API format): checkpoint → prompts → empty latent → KSampler → VAE decode → save.
 * A custom workflow (AI_IMAGE_COMFYUI_WORKFLOW) uses the same placeholders: a string value equal to one of
 * `{{prompt}}`, `{{negative}}`, `{{width}}`, `{{height}}`, `{{count}}`, `{{seed}}`, `{{model}}` is replaced by it.
 */
const DEFAULT_COMFY_WORKFLOW = {
  '3': {
    class_type: 'KSampler',
    inputs: {
      seed: '{{seed}}',
      steps: 25,
      cfg: 7,
      sampler_name: 'euler',
      scheduler: 'normal',
      denoise: 1,
      model: ['4', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
    },
  },
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '{{model}}' } },
  '5': {
    class_type: 'EmptyLatentImage',
    inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{count}}' },
  },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative}}', clip: ['4', 1] } },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'aichuang', images: ['8', 0] } },
};

/**
 * The default picture-to-picture workflow: the uploaded source (`{{image}}`) → LoadImage → VAE encode, repeated
 * `{{count}}` times, sampled at 0.6 denoise. A custom workflow holding `{{image}}` is used for both.
 */
const DEFAULT_COMFY_IMG2IMG_WORKFLOW = {
  // The empty latent ('5') gives way to the encoded source.
  ...Object.fromEntries(Object.entries(DEFAULT_COMFY_WORKFLOW).filter(([id]) => id !== '5')),
  '3': {
    ...DEFAULT_COMFY_WORKFLOW['3'],
    inputs: { ...DEFAULT_COMFY_WORKFLOW['3'].inputs, denoise: SOURCE_STRENGTH, latent_image: ['12', 0] },
  },
  '10': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
  '11': { class_type: 'VAEEncode', inputs: { pixels: ['10', 0], vae: ['4', 2] } },
  '12': { class_type: 'RepeatLatentBatch', inputs: { samples: ['11', 0], amount: '{{count}}' } },
};

const fill = (node: unknown, values: Record<string, string | number>): unknown => {
  if (typeof node === 'string') {
    const match = /^\{\{(\w+)\}\}$/.exec(node);
    return match && match[1]! in values ? values[match[1]!] : node;
  }
  if (Array.isArray(node)) return node.map((n) => fill(n, values));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v, values)]));
  return node;
};

interface HistoryEntry {
  outputs?: Record<string, { images?: { filename: string; subfolder?: string; type?: string }[] }>;
  status?: {
    status_str?: string;
    completed?: boolean;
    messages?: [string, { exception_message?: string }][];
  };
}

/**
 * ComfyUI: `POST /prompt` with a workflow answers a `prompt_id`; progress arrives on the websocket
 * `/ws?clientId=` (`progress` value/max, `executing` with node null when done, `execution_error`); the images are
 * listed by `GET /history/{prompt_id}` and fetched from `/view`. `/history` is also polled, so a missed websocket
 * message or a restarted worker (the prompt id is stored) still finds the result. Cancel calls `POST /interrupt`.
 */
export const createComfyUiEngine = (options: ProviderOptions & { workflow?: unknown }): ImageEngine => {
  const base = options.baseUrl.replace(/\/$/, '');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const template = options.workflow ?? DEFAULT_COMFY_WORKFLOW;
  const img2imgTemplate = JSON.stringify(template).includes('"{{image}}"')
    ? template
    : DEFAULT_COMFY_IMG2IMG_WORKFLOW;
  return {
    name: 'comfyui',
    offline: false,
    maxPromptChars: 2000,
    timeoutMs: options.timeoutMs,
    usesRoleImages: false,
    usesSourceImage: true,
    async draw(request: DrawRequest, run: EngineRun) {
      const clientId = randomUUID();
      let percent = 10;
      let finished = false;
      let failure: string | null = null;
      let promptId = run.providerTaskId;
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?clientId=${clientId}`, { headers });
      socket.on('error', () => undefined);
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return; // preview frames
        let message: {
          type?: string;
          data?: {
            prompt_id?: string;
            value?: number;
            max?: number;
            node?: string | null;
            exception_message?: string;
          };
        };
        try {
          message = JSON.parse(String(raw));
        } catch {
          return;
        }
        const data = message.data ?? {};
        if (promptId && data.prompt_id && data.prompt_id !== promptId) return;
        if (message.type === 'progress' && data.max) {
          percent = 10 + Math.round((80 * Math.min(data.value ?? 0, data.max)) / data.max);
          void run.progress(percent, 'generating');
        } else if (message.type === 'executing' && data.node === null) finished = true;
        else if (message.type === 'execution_success') finished = true;
        else if (message.type === 'execution_error') failure = data.exception_message ?? 'execution_error';
      });
      const interrupt = () => {
        void fetch(`${base}/interrupt`, { method: 'POST', headers }).catch(() => undefined);
      };
      run.signal.addEventListener('abort', interrupt, { once: true });
      try {
        if (!promptId) {
          await run.progress(5, 'submitting');
          // Picture to picture: the source goes up first (POST /upload/image), the workflow names it.
          let image = '';
          if (request.sourceImage) {
            const form = new FormData();
            const png = await sourcePng(request.sourceImage, request.width, request.height);
            form.append(
              'image',
              new Blob([new Uint8Array(png)], { type: 'image/png' }),
              `aichuang-${clientId}.png`,
            );
            form.append('overwrite', 'true');
            const uploaded = await fetchJson<{ name?: string; subfolder?: string }>(`${base}/upload/image`, {
              method: 'POST',
              headers: options.apiKey ? { authorization: headers.authorization! } : {},
              signal: run.signal,
              requestTimeoutMs: 60_000,
              body: form,
            });
            if (!uploaded.name)
              throw new DrawEngineError('draw_provider_error', true, 'upload answered no name');
            image = uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
          }
          const workflow = fill(request.sourceImage ? img2imgTemplate : template, {
            image,
            prompt: promptWithStyle(request),
            negative: request.negativePrompt ?? '',
            width: request.width,
            height: request.height,
            count: request.count,
            seed: request.seed,
            model: options.model ?? 'sd_xl_base_1.0.safetensors',
          });
          const answer = await fetchJson<{ prompt_id?: string; node_errors?: Record<string, unknown> }>(
            `${base}/prompt`,
            {
              method: 'POST',
              headers,
              signal: run.signal,
              requestTimeoutMs: 30_000,
              body: JSON.stringify({ prompt: workflow, client_id: clientId }),
            },
          );
          if (!answer.prompt_id)
            throw new DrawEngineError(
              'draw_provider_refused',
              false,
              JSON.stringify(answer.node_errors ?? {}),
            );
          promptId = answer.prompt_id;
          await run.rememberTaskId(promptId);
        }
        await run.progress(percent, 'queued_at_provider');
        for (let polls = 0; ; polls++) {
          if (failure) throw new DrawEngineError('draw_provider_error', false, failure);
          // /history on every websocket "done" and every few polls otherwise.
          if (finished || polls % 3 === 0) {
            const history = await fetchJson<Record<string, HistoryEntry>>(
              `${base}/history/${encodeURIComponent(promptId)}`,
              {
                headers,
                signal: run.signal,
                requestTimeoutMs: 30_000,
              },
            ).catch((error: unknown) => {
              if (error instanceof DrawEngineError && error.retryable) return null;
              throw error;
            });
            const entry = history?.[promptId];
            if (entry?.status?.status_str === 'error') {
              const detail = entry.status.messages?.find(([type]) => type === 'execution_error')?.[1]
                .exception_message;
              throw new DrawEngineError('draw_provider_error', false, detail ?? 'execution_error');
            }
            if (entry?.status?.completed || (entry?.outputs && Object.keys(entry.outputs).length)) {
              const files = Object.values(entry.outputs ?? {}).flatMap((o) => o.images ?? []);
              const saved = files.filter((f) => (f.type ?? 'output') === 'output');
              if (!saved.length) throw new DrawEngineError('draw_provider_error', false, 'no output images');
              await run.progress(92, 'downloading');
              const out: Buffer[] = [];
              for (const file of saved.slice(0, request.count)) {
                const query = new URLSearchParams({
                  filename: file.filename,
                  subfolder: file.subfolder ?? '',
                  type: file.type ?? 'output',
                });
                out.push(await downloadImage(`${base}/view?${query}`, run.signal, headers));
              }
              return out;
            }
          }
          await sleep(Math.max(50, Math.floor((options.pollMs ?? 1500) / 3)), run.signal);
        }
      } finally {
        run.signal.removeEventListener('abort', interrupt);
        socket.terminate();
      }
    },
  };
};
