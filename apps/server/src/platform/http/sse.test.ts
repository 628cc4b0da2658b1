import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sse } from './sse.js';

describe('sse', () => {
  const app = Fastify();
  afterAll(() => app.close());

  it('tells the stream at once when its client left before the stream began', async () => {
    let release!: () => void;
    const prepared = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    let abortedAtStart: boolean | undefined;
    let ran!: () => void;
    const done = new Promise<void>((r) => (ran = r));
    app.get('/stream', async (req, reply) => {
      arrived();
      await prepared; // the request is being prepared (quota, history) while the client leaves
      await sse(
        reply,
        async (stream) => {
          abortedAtStart = stream.signal.aborted;
          stream.send('start', {});
        },
        { heartbeatMs: 1000, log: req.log },
      );
      ran();
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = new AbortController();
    const request = fetch(`${base}/stream`, { signal: client.signal }).catch(() => undefined);
    await arrival;
    client.abort();
    await request;
    await new Promise((r) => setTimeout(r, 50)); // the server sees the socket close
    release();
    await done;
    expect(abortedAtStart).toBe(true);
  });
});
