/**
 * Text generation behind one interface: an OpenAI-compatible chat-completions API through the
 * official SDK, or the built-in offline engine when none is configured.
 */

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TextUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** What a template run or a chat question is about; the offline engine composes from it. */
export interface GenerationContext {
  /** The user's question (may be empty for a template run). */
  question: string;
  template?: { code: string; kind: string; title: string };
  fields?: Record<string, string>;
  /** Varies the offline engine's wording between regenerations. */
  seed?: number;
  /**
   * Continuing a stopped answer: the text it stopped at. The messages then end with that partial answer and a
   * request to go on; the offline engine writes the rest of its own text from the same seed.
   */
  continueFrom?: string;
}

export interface TextStreamRequest {
  messages: ChatTurn[];
  model: string;
  temperature?: number;
  /** Aborting it must close the upstream request. */
  signal: AbortSignal;
  context?: GenerationContext;
}

export type TextChunk = { text: string } | { usage: TextUsage };

export interface TextGenerator {
  /** `openai` (any OpenAI-compatible API) or `offline`. */
  readonly provider: string;
  readonly defaultModel: string;
  stream(request: TextStreamRequest): AsyncIterable<TextChunk>;
}

/** Provider failures the user can be told about; `id` has messages in the five languages. */
export const AI_TEXT_ERROR_IDS = [
  'ai_auth_failed',
  'ai_quota_exhausted',
  'ai_rate_limited',
  'ai_model_not_found',
  'ai_bad_request',
  'ai_timeout',
  'ai_network_error',
  'ai_provider_error',
] as const;
export type AiTextErrorId = (typeof AI_TEXT_ERROR_IDS)[number];

export class TextGenerationError extends Error {
  constructor(
    readonly id: AiTextErrorId,
    /** Worth another attempt (only before the first token). */
    readonly retryable: boolean,
    /** The provider's HTTP status, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(id, options);
    this.name = 'TextGenerationError';
  }
}

/** Rough token estimate for answers a provider did not count (stopped, offline): ~1 token per CJK char, 4 Latin chars. */
export const estimateTokens = (text: string): number => {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if (/[\u3000-\u9fff\uff00-\uffef]/u.test(ch)) cjk += 1;
    else other += 1;
  }
  return cjk + Math.ceil(other / 4);
};

/** Waits `ms`, or rejects early when the signal aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
