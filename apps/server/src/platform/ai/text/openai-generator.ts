import OpenAI from 'openai';
import { createParser } from 'eventsource-parser';
import { createNodeHttpFetch } from './node-http-fetch.js';
import { mapProviderError } from './provider-errors.js';
import { createSilenceWatch } from './silence-watch.js';
import {
  sleep,
  TextGenerationError,
  type TextChunk,
  type TextGenerator,
  type TextStreamRequest,
  type TextUsage,
} from './text-generator.js';

export interface OpenAiGeneratorOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Until the provider answers (response headers), per attempt. */
  timeoutMs: number;
  /** Longest silence between two chunks once streaming. */
  idleTimeoutMs: number;
  /** Attempts after the first, only while no token has been received (0–2). */
  maxRetries: number;
  /** Back-off base between attempts (doubled each time). */
  retryDelayMs?: number;
  /** Custom transport; by default node:http with keep-alive (see node-http-fetch.ts). */
  fetch?: typeof fetch;
}

/**
 * The SDK's own timer is not used: it fires in the timers phase even when the provider's answer is already
 * waiting to be read behind a busy event loop. Our silence watch decides (see silence-watch.ts); this is
 * the longest delay a Node timer takes.
 */
const SDK_TIMEOUT_OFF_MS = 2_147_483_647;

interface ChunkData {
  choices?: { delta?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: unknown;
}

/**
 * The chunks of one network read of a chat-completions event stream, merged: the text of all its tokens
 * and the usage if it came. Under load one read holds many tokens; handing them on together keeps the work
 * per token (censor, event frame, socket write) from growing with the number of answers streaming.
 */
const createChunkReader = (headers: Headers) => {
  let text = '';
  let usage: TextUsage | null = null;
  let done = false;
  let failure: unknown = null;
  const parser = createParser({
    onEvent: (event) => {
      if (done || failure) return;
      if (event.data.startsWith('[DONE]')) {
        done = true;
        return;
      }
      const data = JSON.parse(event.data) as ChunkData;
      // An error inside the stream, as the SDK's own stream reports it.
      if (event.event === 'error' || data.error) {
        failure = new OpenAI.APIError(undefined, data.error as object, undefined, headers);
        return;
      }
      const content = data.choices?.[0]?.delta?.content;
      if (content) text += content;
      if (data.usage) {
        usage = {
          promptTokens: data.usage.prompt_tokens ?? 0,
          completionTokens: data.usage.completion_tokens ?? 0,
          totalTokens: data.usage.total_tokens ?? 0,
        };
      }
    },
  });
  const decoder = new TextDecoder();
  return {
    /** Feeds one read; answers what it completed, and a provider error sent in the stream after it. */
    read(bytes: Uint8Array): { text: string; usage: TextUsage | null; failure: unknown } {
      parser.feed(decoder.decode(bytes, { stream: true }));
      const out = { text, usage, failure };
      text = '';
      usage = null;
      return out;
    },
  };
};

/**
 * Any OpenAI-compatible chat-completions API (OpenAI, DeepSeek, Qwen, Moonshot, Ollama, vLLM) through the
 * official SDK with `stream: true` (request, authentication, error statuses); the event stream is read per
 * network read (createChunkReader). The SDK's own retries are off: we retry only before the first token,
 * so an answer is never duplicated. Aborting the request's signal (stop, client gone) aborts the fetch,
 * which closes the upstream connection.
 */
export const createOpenAiGenerator = (options: OpenAiGeneratorOptions): TextGenerator => {
  const client = new OpenAI({
    baseURL: options.baseURL,
    // Local servers (Ollama, vLLM) accept any key; the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: SDK_TIMEOUT_OFF_MS,
    fetch: options.fetch ?? createNodeHttpFetch(),
  });
  const retryDelay = options.retryDelayMs ?? 300;

  async function* attempt(request: TextStreamRequest, onToken: () => void): AsyncGenerator<TextChunk> {
    const controller = new AbortController();
    const abort = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) abort();
    request.signal.addEventListener('abort', abort, { once: true });
    let timedOut = false;
    const silence = createSilenceWatch(() => {
      timedOut = true;
      controller.abort();
    });
    try {
      silence.expect(options.timeoutMs);
      const response = await client.chat.completions
        .create(
          {
            model: request.model || options.model,
            messages: request.messages,
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: controller.signal },
        )
        .asResponse();
      silence.expect(options.idleTimeoutMs);
      const reader = createChunkReader(response.headers);
      // Read to the end, past [DONE]: a response read to its end leaves the connection to the next request.
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
        silence.heard();
        const { text, usage, failure } = reader.read(bytes);
        if (text) {
          onToken();
          yield { text };
        }
        if (usage) yield { usage };
        if (failure) throw failure;
      }
      if (request.signal.aborted) throw request.signal.reason;
      if (timedOut) throw new TextGenerationError('ai_timeout', true);
    } catch (error) {
      if (error instanceof TextGenerationError) throw error;
      if (request.signal.aborted) throw request.signal.reason ?? error;
      if (timedOut) throw new TextGenerationError('ai_timeout', true, undefined, { cause: error });
      throw mapProviderError(error);
    } finally {
      silence.stop();
      request.signal.removeEventListener('abort', abort);
      // Whatever ended the loop (done, stop, consumer gone), make sure the HTTP request is closed.
      controller.abort();
    }
  }

  return {
    provider: 'openai',
    defaultModel: options.model,
    async *stream(request) {
      let gotToken = false;
      for (let tries = 0; ; tries += 1) {
        try {
          yield* attempt(request, () => {
            gotToken = true;
          });
          return;
        } catch (error) {
          if (
            error instanceof TextGenerationError &&
            error.retryable &&
            !gotToken &&
            tries < Math.min(2, options.maxRetries) &&
            !request.signal.aborted
          ) {
            await sleep(retryDelay * 2 ** tries, request.signal);
            continue;
          }
          throw error;
        }
      }
    },
  };
};
