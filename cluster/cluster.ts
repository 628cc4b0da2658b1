import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import pg from 'pg';
import WebSocket from 'ws';

/**
 * Helpers of the cluster suite: the built server (`apps/server/dist`) started as separate OS processes with
 * their own DATA_DIR, an HTTP client speaking the envelope, the official SignalR client, and fresh
 * PostgreSQL databases.
 */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.js');
const WORKER_ENTRY = join(ROOT, 'apps/server/dist/worker.js');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const waitFor = async <T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 15_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** A new, empty database on the server of `baseUrl`; `drop()` removes it. */
export const freshDatabase = async (baseUrl: string, label: string) => {
  const name = `${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

export interface NodeProcess {
  name: string;
  child: ChildProcess;
  dataDir: string;
  logFile: string;
  /** The log so far (for assertions and for failure reports). */
  log(): string;
  /** SIGTERM, waits for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** `kill -9`. */
  kill(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts `node <entry>` with its own DATA_DIR and env; its output goes to a log file. */
const startNode = (name: string, entry: string, env: Record<string, string>): NodeProcess => {
  const dataDir = mkdtempSync(join(tmpdir(), `cluster-${name}-`));
  const logFile = join(dataDir, 'process.log');
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(logFile);
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  return {
    name,
    child,
    dataDir,
    logFile,
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
};

export interface ApiProcess extends NodeProcess {
  base: string;
}

/** `node apps/server/dist/server.js` on a free loopback port; resolves once `/readyz` answers 200. */
export const startApi = async (name: string, env: Record<string, string>): Promise<ApiProcess> => {
  const port = await freePort();
  const node = startNode(name, SERVER_ENTRY, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (node.child.exitCode !== null) throw new Error(`${name} exited early:\n${node.log()}`);
      return fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    `${name} to be ready`,
    90_000,
  );
  return { ...node, base };
};

/** `node apps/server/dist/worker.js` (what `npm run worker` runs); resolves once it says it is ready. */
export const startWorker = async (name: string, env: Record<string, string>): Promise<NodeProcess> => {
  const node = startNode(name, WORKER_ENTRY, env);
  await waitFor(
    () => {
      if (node.child.exitCode !== null) throw new Error(`${name} exited early:\n${node.log()}`);
      return node.log().includes('worker ready');
    },
    `${name} to be ready`,
    90_000,
  );
  return node;
};

export interface Envelope<T = unknown> {
  status: number;
  code: number;
  message: unknown;
  result: T;
  extras: Record<string, unknown> | null;
}

/** Calls an API process and reads the JSON envelope. */
export const call = async <T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Envelope<T>> => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    // Bounded: a request that hangs fails the test instead of the suite's time limit.
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let parsed: Omit<Envelope<T>, 'status'>;
  try {
    parsed = JSON.parse(text) as Omit<Envelope<T>, 'status'>;
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} without JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, ...parsed };
};

/** `call` that expects 200 and answers the result. */
export const ok = async <T = unknown>(...args: Parameters<typeof call>): Promise<T> => {
  const res = await call<T>(...args);
  if (res.status !== 200)
    throw new Error(`${args[1]} ${args[2]} answered ${res.status}: ${JSON.stringify(res)}`);
  return res.result;
};

export interface Pair {
  accessToken: string;
  refreshToken: string;
}

export const passwordLogin = (base: string, account: string, password: string) =>
  ok<Pair>(base, 'POST', '/api/sysAuth/login', { body: { account, password } });

let phoneCounter = 0;
/** A phone number no other test uses. */
export const freshPhone = () =>
  `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;

/** The last SMS code the console provider of this process wrote for `phone`. */
export const smsCode = (node: NodeProcess, phone: string): string | undefined =>
  readFileSync(join(node.dataDir, 'outbox', 'sms.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { phone: string; code: string })
    .filter((entry) => entry.phone === phone)
    .at(-1)?.code;

/** Registers or logs a phone in: the code is sent through `sender` and used on `verifier`. */
export const phoneLogin = async (sender: ApiProcess, verifier: ApiProcess, phone: string): Promise<Pair> => {
  await ok(sender.base, 'POST', '/api/sysSms/SendCaptcha', { body: { phone } });
  const code = smsCode(sender, phone)!;
  return ok<Pair>(verifier.base, 'POST', '/api/sysAuth/phoneLogin', { body: { phone, code } });
};

/** The ESM build finds no WebSocket in Node 20: hand it the `ws` class (an option the client reads). */
const hubOptions = (token: () => string): IHttpConnectionOptions =>
  ({ accessTokenFactory: token, WebSocket }) as IHttpConnectionOptions;

export interface HubClient {
  connection: HubConnection;
  /** Every invocation received so far, as `[event, payload]`. */
  received: [string, unknown][];
  /** Resolves with the first payload of `event` matching `test` (already received or to come). */
  next<T>(event: string, test?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
}

/** Connects the official @microsoft/signalr client to an API process's hub and records what it receives. */
export const connectHub = async (
  base: string,
  token: string,
  events: string[],
  options: { reconnect?: boolean } = {},
): Promise<HubClient> => {
  let builder = new HubConnectionBuilder()
    .withUrl(
      `${base}/hubs/onlineUser`,
      hubOptions(() => token),
    )
    .configureLogging(LogLevel.None);
  if (options.reconnect)
    builder = builder.withAutomaticReconnect([0, 250, 500, 1000, 1000, 1000, 2000, 2000, 2000, 2000]);
  const connection = builder.build();
  const received: [string, unknown][] = [];
  for (const event of events) connection.on(event, (payload: unknown) => received.push([event, payload]));
  await connection.start();
  return {
    connection,
    received,
    next: <T>(event: string, test: (payload: T) => boolean = () => true, timeoutMs = 15_000) =>
      waitFor(
        () => received.find(([e, p]) => e === event && test(p as T))?.[1] as T | undefined,
        `hub event ${event}`,
        timeoutMs,
      ),
  };
};

/** A small HTTP server on 127.0.0.1 with a handler of the test's choosing. */
export const startHttp = async (
  handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
) => {
  const server: Server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
