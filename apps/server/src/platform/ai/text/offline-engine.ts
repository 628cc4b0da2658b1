import { composeOffline, continueText, followUpContext } from './offline-composer.js';
import { estimateTokens, sleep, type TextGenerator } from './text-generator.js';

export const OFFLINE_PROVIDER = 'offline';
export const OFFLINE_MODEL = 'offline-composer';

/** Splits text into small chunks (2–6 characters, never inside a surrogate pair) like a model's tokens. */
export const chunkText = (text: string, seed = 0): string[] => {
  const chars = Array.from(text);
  const out: string[] = [];
  let i = 0;
  let s = seed >>> 0;
  while (i < chars.length) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const size = 2 + (s % 5);
    out.push(chars.slice(i, i + size).join(''));
    i += size;
  }
  return out;
};

/**
 * The built-in offline engine: composes the answer (see offline-composer.ts) and streams it in small
 * chunks with a short pause, so the page behaves exactly as with a real model. Labelled `offline`.
 */
export const createOfflineEngine = (options: { delayMs: number }): TextGenerator => ({
  provider: OFFLINE_PROVIDER,
  defaultModel: OFFLINE_MODEL,
  async *stream(request) {
    const question = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const { continueFrom, ...context } = request.context ?? { question };
    // The answer as composed for its question (a follow-up: about the topic before), then, when a stopped
    // answer is being continued, only what comes after the part already written.
    const asked = followUpContext(context, request.messages);
    const whole = (asked.lead ?? '') + composeOffline(asked.ctx);
    const text = continueFrom === undefined ? whole : continueText(whole, continueFrom);
    const promptTokens = estimateTokens(request.messages.map((m) => m.content).join('\n'));
    for (const piece of chunkText(text, request.context?.seed ?? 0)) {
      if (request.signal.aborted) throw request.signal.reason;
      if (options.delayMs > 0) await sleep(options.delayMs, request.signal);
      yield { text: piece };
    }
    const completionTokens = estimateTokens(text);
    yield { usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
  },
});
