import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '@app/contract';
import { startOpenAiStub, type OpenAiStub } from '../../../test/openai-stub.js';
import { translate } from '../../i18n/i18n.js';
import { createOpenAiGenerator } from './openai-generator.js';
import { AI_TEXT_ERROR_IDS, TextGenerationError, type TextChunk } from './text-generator.js';

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const generator = (overrides: Partial<Parameters<typeof createOpenAiGenerator>[0]> = {}) =>
  createOpenAiGenerator({
    baseURL: stub.baseURL,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutMs: 2000,
    idleTimeoutMs: 2000,
    maxRetries: 2,
    retryDelayMs: 5,
    ...overrides,
  });

const collect = async (iterable: AsyncIterable<TextChunk>) => {
  const out: TextChunk[] = [];
  for await (const c of iterable) out.push(c);
  return out;
};
const request = (signal = new AbortController().signal) => ({
  messages: [{ role: 'user' as const, content: '写一句口号' }],
  model: '',
  signal,
});
const failureOf = async (iterable: AsyncIterable<TextChunk>) => {
  try {
    await collect(iterable);
  } catch (error) {
    return error as TextGenerationError;
  }
  throw new Error('expected a failure');
};

describe('OpenAI-compatible generator', () => {
  it('streams the tokens in order, then the usage, with the default model and the key', async () => {
    stub.next({ kind: 'stream', tokens: ['春', '风', '十里', '不如你'] });
    const before = stub.requests.length;
    const chunks = await collect(generator().stream(request()));
    expect(chunks).toEqual([
      { text: '春' },
      { text: '风' },
      { text: '十里' },
      { text: '不如你' },
      { usage: { promptTokens: 11, completionTokens: 4, totalTokens: 15 } },
    ]);
    const seen = stub.requests[before]!;
    expect(seen.body.model).toBe('test-model');
    expect(seen.body.stream).toBe(true);
    expect(seen.headers.authorization).toBe('Bearer sk-test');
  });

  it('retries at most twice before the first token, then succeeds', async () => {
    const before = stub.requests.length;
    stub.next(
      { kind: 'status', status: 503, body: { error: { message: 'overloaded' } } },
      { kind: 'status', status: 500, body: { error: { message: 'oops' } } },
      { kind: 'stream', tokens: ['好'] },
    );
    const chunks = await collect(generator().stream(request()));
    expect(chunks[0]).toEqual({ text: '好' });
    expect(stub.requests.length - before).toBe(3);
  });

  it('gives up after two retries', async () => {
    const before = stub.requests.length;
    const busy = {
      kind: 'status' as const,
      status: 429,
      body: { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
    };
    stub.next(busy, busy, busy);
    const error = await failureOf(generator().stream(request()));
    expect(error.id).toBe('ai_rate_limited');
    expect(stub.requests.length - before).toBe(3);
  });

  it('never retries once a token went out (no duplicated answer)', async () => {
    const before = stub.requests.length;
    stub.next({ kind: 'break', tokens: ['一', '二'] }, { kind: 'stream', tokens: ['不该出现'] });
    const seen: string[] = [];
    let failure: unknown;
    try {
      for await (const c of generator().stream(request())) if ('text' in c) seen.push(c.text);
    } catch (error) {
      failure = error;
    }
    // Written in one go, the two tokens arrive in one read and are handed on together.
    expect(seen.join('')).toBe('一二');
    expect(failure).toBeInstanceOf(TextGenerationError);
    expect(stub.requests.length - before).toBe(1);
    stub.reset();
  });

  it('aborting the signal closes the upstream request', async () => {
    const before = stub.requests.length;
    stub.next({ kind: 'stream', tokens: Array.from({ length: 500 }, (_, i) => `字${i}`), delayMs: 5 });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const c of generator().stream(request(controller.signal))) {
        if ('text' in c) seen.push(c.text);
        if (seen.length === 3) controller.abort('stop');
      }
    })();
    await expect(run).rejects.toBe('stop');
    const upstream = stub.requests[before]!;
    const closedAt = await upstream.closedEarly;
    expect(closedAt).toBeGreaterThan(upstream.at);
    expect(upstream.written).toBeLessThan(500);
    expect(seen).toEqual(['字0', '字1', '字2']);
  });

  it.each([
    [401, { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } }, 'ai_auth_failed'],
    [403, { error: { message: 'forbidden' } }, 'ai_auth_failed'],
    [
      429,
      {
        error: {
          message: 'You exceeded your current quota',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      },
      'ai_quota_exhausted',
    ],
    [402, { error: { message: 'Insufficient Balance' } }, 'ai_quota_exhausted'],
    [
      404,
      { error: { message: 'The model `gpt-9` does not exist', code: 'model_not_found' } },
      'ai_model_not_found',
    ],
    [400, { error: { message: 'model not found: qwen-x' } }, 'ai_model_not_found'],
    [400, { error: { message: 'context length exceeded' } }, 'ai_bad_request'],
  ])('maps HTTP %i to an error id, never the raw body', async (status, body, id) => {
    stub.next({ kind: 'status', status, body });
    const error = await failureOf(generator({ maxRetries: 0 }).stream(request()));
    expect(error).toBeInstanceOf(TextGenerationError);
    expect(error.id).toBe(id);
    expect(translate('en', error.id)).not.toContain(JSON.stringify(body));
  });

  it('times out a provider that never answers', async () => {
    stub.next({ kind: 'hang' });
    const error = await failureOf(generator({ timeoutMs: 150, maxRetries: 0 }).stream(request()));
    expect(error.id).toBe('ai_timeout');
  });

  it('times out a stream that goes silent', async () => {
    stub.next({ kind: 'stream', tokens: ['一', '二'], delayMs: 2000 });
    const error = await failureOf(generator({ idleTimeoutMs: 150, maxRetries: 0 }).stream(request()));
    expect(error.id).toBe('ai_timeout');
  });

  it('does not time out an answer that came while the event loop was held', async () => {
    // The next token is due while this thread is held (as by a long statement on the embedded database)
    // for longer than the limit: once the loop is free the token is read, not cut off as a timeout.
    const hold = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    stub.next({ kind: 'stream', tokens: ['一', '二', '三'], delayMs: 30 });
    const chunks: TextChunk[] = [];
    const stream = generator({ timeoutMs: 100, idleTimeoutMs: 100, maxRetries: 0 }).stream(request());
    const iterator = stream[Symbol.asyncIterator]();
    const first = iterator.next();
    // The stub runs in this thread too: let it answer the headers and first token, then hold the loop.
    await new Promise((r) => setTimeout(r, 20));
    hold(300);
    chunks.push((await first).value as TextChunk);
    hold(300);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) chunks.push(next.value);
    expect(
      chunks
        .filter((c) => 'text' in c)
        .map((c) => (c as { text: string }).text)
        .join(''),
    ).toBe('一二三');
    expect(chunks.at(-1)).toMatchObject({ usage: { completionTokens: 3 } });
  });

  it('hands on the tokens of one read together', async () => {
    const stream = generator({ maxRetries: 0 }).stream(request());
    stub.next({ kind: 'break', tokens: ['春', '风', '十里'] });
    const seen: string[] = [];
    const error = await (async () => {
      try {
        for await (const c of stream) if ('text' in c) seen.push(c.text);
      } catch (e) {
        return e as TextGenerationError;
      }
      return null;
    })();
    expect(seen).toEqual(['春风十里']);
    expect(error?.id).toBe('ai_network_error');
  });

  it('reports an error the provider sends inside the stream, after the tokens before it', async () => {
    stub.next({
      kind: 'streamError',
      tokens: ['春', '风'],
      error: {
        message: 'You exceeded your current quota',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    });
    const seen: string[] = [];
    const error = await failureOf(
      (async function* () {
        for await (const c of generator({ maxRetries: 0 }).stream(request())) {
          if ('text' in c) seen.push(c.text);
          yield c;
        }
      })(),
    );
    expect(seen.join('')).toBe('春风');
    expect(error.id).toBe('ai_quota_exhausted');
  });

  it('reports a provider it cannot reach as a network error', async () => {
    const error = await failureOf(
      generator({ baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 }).stream(request()),
    );
    expect(error.id).toBe('ai_network_error');
  });

  it('has a message for every error id in the five languages', () => {
    for (const id of AI_TEXT_ERROR_IDS) {
      for (const locale of LOCALES) {
        const text = translate(locale, id);
        expect(text).not.toBe(id);
        expect(text).not.toBe(translate(locale, 'internal_error'));
      }
    }
  });
});
