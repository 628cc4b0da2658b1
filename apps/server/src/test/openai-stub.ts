import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stub does with one chat-completions request. */
export type StubBehaviour =
  | { kind: 'stream'; tokens: string[]; delayMs?: number; firstDelayMs?: number; usage?: boolean }
  /** Sends `tokens` then destroys the socket (a provider dying mid-answer). */
  | { kind: 'break'; tokens: string[] }
  /** Sends `tokens` then an error inside the stream (`data: {"error": …}`), as providers report late failures. */
  | { kind: 'streamError'; tokens: string[]; error: Record<string, unknown> }
  | { kind: 'status'; status: number; body: unknown }
  /** Never answers (timeouts). */
  | { kind: 'hang' };

export interface StubRequest {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    stream?: boolean;
    temperature?: number;
  };
  headers: http.IncomingHttpHeaders;
  /** Resolves when the client closed the connection before the stub finished (abort reached upstream). */
  closedEarly: Promise<number>;
  /** performance.now() of the moment the request arrived. */
  at: number;
  /** Tokens written before the close. */
  written: number;
}

/**
 * A local OpenAI-compatible chat-completions server (SSE like api.openai.com): tests script each
 * request's behaviour and see whether the client closed the connection.
 */
export const startOpenAiStub = async (
  defaultBehaviour: StubBehaviour = { kind: 'stream', tokens: ['你好', '，', '世界'] },
) => {
  const queue: StubBehaviour[] = [];
  const requests: StubRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const behaviour = queue.shift() ?? defaultBehaviour;
      let finished = false;
      let resolveClosed: (t: number) => void = () => undefined;
      const entry: StubRequest = {
        body: JSON.parse(raw || '{}') as StubRequest['body'],
        headers: req.headers,
        closedEarly: new Promise<number>((r) => (resolveClosed = r)),
        at: performance.now(),
        written: 0,
      };
      requests.push(entry);
      res.on('close', () => {
        if (!finished) resolveClosed(performance.now());
      });
      if (behaviour.kind === 'hang') return;
      if (behaviour.kind === 'status') {
        finished = true;
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(behaviour.body));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      const id = `chatcmpl-${requests.length}`;
      const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: unknown) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created: 0,
          model: entry.body.model,
          choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
          ...(usage ? { usage } : {}),
        })}\n\n`;
      const tokens = behaviour.tokens;
      if (behaviour.kind === 'streamError') {
        for (const t of behaviour.tokens) res.write(chunk({ content: t }));
        res.write(`data: ${JSON.stringify({ error: behaviour.error })}\n\n`);
        entry.written = behaviour.tokens.length;
        finished = true;
        res.end();
        return;
      }
      if (behaviour.kind === 'break') {
        res.write(chunk({ role: 'assistant', content: '' }));
        for (const t of tokens) res.write(chunk({ content: t }));
        entry.written = tokens.length;
        setTimeout(() => res.socket?.destroy(), 10);
        return;
      }
      let i = 0;
      const step = () => {
        if (res.destroyed) return;
        if (i < tokens.length) {
          res.write(chunk(i === 0 ? { role: 'assistant', content: tokens[i] } : { content: tokens[i] }));
          i += 1;
          entry.written = i;
          setTimeout(step, behaviour.delayMs ?? 0);
          return;
        }
        res.write(chunk({}, 'stop'));
        if (behaviour.usage !== false) {
          res.write(
            chunk({}, null, {
              prompt_tokens: 11,
              completion_tokens: tokens.length,
              total_tokens: 11 + tokens.length,
            }),
          );
        }
        res.write('data: [DONE]\n\n');
        finished = true;
        res.end();
      };
      setTimeout(step, behaviour.firstDelayMs ?? 0);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Behaviours for the next requests, in order. */
    next: (...behaviours: StubBehaviour[]) => queue.push(...behaviours),
    /** Forgets behaviours not used yet. */
    reset: () => {
      queue.length = 0;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
};
export type OpenAiStub = Awaited<ReturnType<typeof startOpenAiStub>>;
