import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { users } from '../../platform/identity/identity.table.js';

/**
 * An OpenAI-compatible streaming server in a thread of its own (a real provider is elsewhere: it keeps
 * answering while the API's thread is held). A question with LONG in it gets an endless answer, a token every
 * 5 ms; any other gets 20 tokens at once. It posts { asked } when a question without LONG arrives.
 */
const PROVIDER_SOURCE = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}');
    const long = /LONG/.test(JSON.stringify(body.messages));
    if (!long) parentPort.postMessage({ asked: true });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (choices, extra = {}) =>
      'data: ' + JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: body.model, choices, ...extra }) + '\\n\\n';
    let i = 0;
    const step = () => {
      if (res.destroyed) return;
      if (!long && i >= 20) {
        res.write(chunk([], { usage: { prompt_tokens: 5, completion_tokens: 20, total_tokens: 25 } }));
        res.end('data: [DONE]\\n\\n');
        return;
      }
      res.write(chunk([{ index: 0, delta: { content: '词' + i++ }, finish_reason: null }]));
      if (long) setTimeout(step, 5);
      else step();
    };
    step();
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
`;

/** Holds this thread, as a long statement on the embedded database (or a long GC pause) does. */
const holdThread = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/** Reads an answer's event stream, counting its events by name, until it ends or is aborted. */
const follow = (base: string, token: string, content: string, signal?: AbortSignal) => {
  const seen = { events: [] as string[], text: '', errors: [] as string[] };
  const done = (async () => {
    const res = await fetch(`${base}/api/sysMessage/sendToRobotForSSE/999`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
      signal,
    });
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(bytes, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (!event || !data) continue;
          seen.events.push(event);
          const parsed = JSON.parse(data) as { text?: string; error?: string };
          if (event === 'delta') seen.text += parsed.text;
          if (event === 'error') seen.errors.push(parsed.error ?? '');
        }
      }
    } catch (error) {
      if (!signal?.aborted) throw error;
    }
  })();
  return { seen, done };
};

describe('chat relay with many answers streaming', () => {
  let provider: Worker;
  let app: TestApp;
  let base: string;
  const asked: (() => void)[] = [];
  beforeAll(async () => {
    provider = new Worker(PROVIDER_SOURCE, { eval: true });
    const port = await new Promise<number>((resolve) =>
      provider.on('message', (m: { port?: number; asked?: boolean }) => {
        if (m.port) resolve(m.port);
        if (m.asked) asked.shift()?.();
      }),
    );
    app = await createTestApp({
      AI_TEXT_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_TEXT_API_KEY: 'sk-local',
      AI_TEXT_MODEL: 'local-model',
      // Short limits (yet long enough for a busy machine to start 30 answers), no retries: a timeout that
      // fires wrongly shows at once.
      AI_TEXT_TIMEOUT_MS: 1000,
      AI_TEXT_IDLE_TIMEOUT_MS: 1000,
      AI_TEXT_MAX_RETRIES: 0,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await provider.terminate();
  });

  it('answers a new question without ai_timeout while 30 answers stream and the thread is held', async () => {
    // Ten users with three answers each (the most one user may have running).
    const tokens: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const roles = ['user'];
      const [row] = await app.platform.db
        .insert(users)
        .values({
          tenantId: DEFAULT_TENANT_ID,
          nickName: `读者${i}`,
          phone: `1361234${String(i).padStart(4, '0')}`,
          roles,
        })
        .returning({ id: users.id });
      tokens.push(
        (await app.platform.sessions.start({ uid: row!.id, tenantId: DEFAULT_TENANT_ID, roles })).accessToken,
      );
    }
    const stopAll = new AbortController();
    const streams = Array.from({ length: 30 }, (_, i) =>
      follow(base, tokens[i % 10]!, 'LONG 写一篇很长的文章', stopAll.signal),
    );
    const deltasOf = () => streams.map((s) => s.seen.events.filter((e) => e === 'delta').length);
    const until = async (check: () => boolean) => {
      const end = Date.now() + 10_000;
      while (!check()) {
        if (Date.now() > end)
          throw new Error(`not in time; errors: ${streams.flatMap((s) => s.seen.errors).join(', ')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    try {
      await until(() => deltasOf().every((n) => n > 0));

      // A new question; the moment the provider has it, the thread is held for longer than both limits while
      // the provider answers it and keeps streaming the others.
      const providerHasIt = new Promise<void>((r) => asked.push(r));
      const member = await tokenFor(app, 'demovip');
      const question = follow(base, member, '你好');
      await providerHasIt;
      holdThread(1500);
      await new Promise((r) => setTimeout(r, 50));
      holdThread(1500);
      await question.done;
      expect(question.seen.errors).toEqual([]);
      expect(question.seen.events[0]).toBe('start');
      expect(question.seen.events.at(-1)).toBe('done');
      expect(question.seen.text).toBe(Array.from({ length: 20 }, (_, i) => `词${i}`).join(''));

      // The long answers lived through the holds: no error, still streaming.
      const before = deltasOf();
      await until(() => deltasOf().every((n, i) => n > before[i]!));
      expect(streams.flatMap((s) => s.seen.errors)).toEqual([]);
    } finally {
      // Endless answers: they end here, whatever happened above.
      stopAll.abort();
      await Promise.all(streams.map((s) => s.done));
    }
  });
});
