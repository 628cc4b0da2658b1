import type { FastifyBaseLogger, FastifyReply } from 'fastify';

export interface SseStream {
  /** Writes one `event:`/`data:` frame (JSON data); a no-op once the connection is gone. */
  send(event: string, data: unknown): void;
  /** Aborted when the client goes away (closed the tab, aborted the fetch) before `run` is over. */
  signal: AbortSignal;
}

export interface SseOptions {
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/**
 * Answers with a server-sent event stream: takes the reply over (the headers already set on it are kept),
 * heartbeats while `run` works, tells `run` when the client leaves, and turns a thrown error into an `error`
 * event (logged, never leaked). Anything that should be a JSON error answer must be thrown before calling this.
 */
export const sse = async <T>(
  reply: FastifyReply,
  run: (stream: SseStream) => Promise<T>,
  options: SseOptions,
): Promise<T | undefined> => {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const open = () => !res.writableEnded && !res.destroyed;
  const gone = new AbortController();
  let finished = false;
  res.on('close', () => {
    if (!finished) gone.abort();
  });
  // A client that left while the request was prepared (its 'close' came before anyone listened).
  if (res.destroyed) gone.abort();
  const heartbeat = setInterval(() => {
    if (open()) res.write(': ping\n\n');
  }, options.heartbeatMs);
  const stream: SseStream = {
    send: (event, data) => {
      if (!open()) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      // Node corks the socket for a chunked write and uncorks it on the next tick, which waits for every
      // promise already queued (a transaction on the embedded database runs as one long promise chain):
      // the frame goes out now instead.
      res.socket?.uncork();
    },
    signal: gone.signal,
  };
  try {
    return await run(stream);
  } catch (error) {
    options.log.error({ err: error }, 'event stream failed');
    stream.send('error', { error: 'internal_error', message: 'internal_error' });
    return undefined;
  } finally {
    finished = true;
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  }
};
