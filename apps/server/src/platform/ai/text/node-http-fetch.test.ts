import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from './node-http-fetch.js';

describe('node:http fetch for the OpenAI SDK', () => {
  let base = '';
  let closedEarly: Promise<void> = Promise.resolve();
  const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(JSON.stringify({ ok: '压缩' })));
      } else if (req.url === '/endless') {
        closedEarly = new Promise((resolve) => res.on('close', () => resolve()));
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-trace': 'a' });
        const tick = setInterval(() => res.write('data: {}\n\n'), 5);
        res.on('close', () => clearInterval(tick));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"no such model"}}');
      }
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const nodeFetch = createNodeHttpFetch();

  it('sends method, headers and body; answers status, headers and a decoded body', async () => {
    const res = await nodeFetch(`${base}/gzip`, {
      method: 'POST',
      headers: new Headers({ authorization: 'Bearer sk-x', 'content-type': 'application/json' }),
      body: '{"q":"你好"}',
    });
    expect(res.ok).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ ok: '压缩' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"q":"你好"}' });
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer sk-x');
  });

  it('gives error statuses with their text', async () => {
    const res = await nodeFetch(`${base}/missing`);
    expect(res.ok).toBe(false);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('no such model');
  });

  it('aborting mid-stream closes the connection the server was writing to', async () => {
    const controller = new AbortController();
    const res = await nodeFetch(`${base}/endless`, { signal: controller.signal });
    const body = res.body as unknown as AsyncIterable<Buffer>;
    let chunks = 0;
    await expect(
      (async () => {
        for await (const chunk of body) {
          expect(chunk.toString()).toContain('data:');
          if (++chunks === 3) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    await closedEarly;
  });

  it('hands other bodies to the fallback fetch', async () => {
    const calls: unknown[] = [];
    const fallback = (async (input: unknown) => {
      calls.push(input);
      return new Response('fallback');
    }) as typeof fetch;
    const viaFallback = createNodeHttpFetch(fallback);
    const res = await viaFallback(`${base}/gzip`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    expect(await res.text()).toBe('fallback');
    expect(calls).toHaveLength(1);
  });
});
