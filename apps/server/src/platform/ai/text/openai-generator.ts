import OpenAI from 'openai';
import { createNodeHttpFetch } from './node-http-fetch.js';
import { mapProviderError } from './provider-errors.js';
import {
  sleep,
  TextGenerationError,
  type TextChunk,
  type TextGenerator,
  type TextStreamRequest,
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
 * Any OpenAI-compatible chat-completions API (OpenAI, DeepSeek, Qwen, Moonshot, Ollama, vLLM) through the
 * official SDK with `stream: true`. The SDK's own retries are off: we retry only before the first token,
 * so an answer is never duplicated. Aborting the request's signal (stop, client gone) aborts the fetch,
 * which closes the upstream connection.
 */
export const createOpenAiGenerator = (options: OpenAiGeneratorOptions): TextGenerator => {
  const client = new OpenAI({
    baseURL: options.baseURL,
    // Local servers (Ollama, vLLM) accept any key; the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: options.timeoutMs,
    fetch: options.fetch ?? createNodeHttpFetch(),
  });
  const retryDelay = options.retryDelayMs ?? 300;

  async function* attempt(request: TextStreamRequest, onToken: () => void): AsyncGenerator<TextChunk> {
    const controller = new AbortController();
    const abort = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) abort();
    request.signal.addEventListener('abort', abort, { once: true });
    let idleTimedOut = false;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        idleTimedOut = true;
        controller.abort();
      }, options.idleTimeoutMs);
    };
    try {
      const stream = await client.chat.completions.create(
        {
          model: request.model || options.model,
          messages: request.messages,
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: controller.signal },
      );
      armIdle();
      for await (const chunk of stream) {
        armIdle();
        const text = chunk.choices[0]?.delta?.content;
        if (text) {
          onToken();
          yield { text };
        }
        if (chunk.usage) {
          yield {
            usage: {
              promptTokens: chunk.usage.prompt_tokens ?? 0,
              completionTokens: chunk.usage.completion_tokens ?? 0,
              totalTokens: chunk.usage.total_tokens ?? 0,
            },
          };
        }
      }
      // The SDK ends the iteration quietly when its request is aborted: say why it ended.
      if (request.signal.aborted) throw request.signal.reason;
      if (idleTimedOut) throw new TextGenerationError('ai_timeout', true);
    } catch (error) {
      if (error instanceof TextGenerationError) throw error;
      if (request.signal.aborted) throw request.signal.reason ?? error;
      if (idleTimedOut) throw new TextGenerationError('ai_timeout', true, undefined, { cause: error });
      throw mapProviderError(error);
    } finally {
      clearTimeout(idle);
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
