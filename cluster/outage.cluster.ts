import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  connectHub,
  freePort,
  ok,
  passwordLogin,
  removeDir,
  sleep,
  startApi,
  waitFor,
  type ApiProcess,
  type HubClient,
} from './cluster.js';

const RUN = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const ADMIN_PASSWORD = 'outage-admin-1234';

/** Debian's PostgreSQL binaries (the newest installed major). */
const pgBin = () => {
  const root = '/usr/lib/postgresql';
  const major = existsSync(root)
    ? readdirSync(root)
        .sort((a, b) => Number(a) - Number(b))
        .at(-1)
    : undefined;
  return major ? join(root, major, 'bin') : '';
};

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root), else as ourselves. */
const asPostgres = (tool: string, args: string[]) => {
  const command = join(pgBin(), tool);
  if (process.getuid?.() === 0) {
    const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-c', quoted], { stdio: 'pipe' });
  } else {
    execFileSync(command, args, { stdio: 'pipe' });
  }
};

/** A PostgreSQL cluster of our own on a spare loopback port, stopped and started at will. */
const ownPostgres = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'outage-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      dir,
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -c max_connections=50`,
      '-w',
      'start',
    ]);
  const stop = () => asPostgres('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  start();
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, start, stop, remove: () => removeDir(dir) };
};

/** A redis-server of our own on a spare loopback port (no persistence), stopped and started at will. */
const ownRedis = async () => {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
          let out = '';
          probe.stdout.on('data', (d: Buffer) => (out += d.toString()));
          probe.on('exit', () => resolve(out.includes('PONG')));
        }),
      'redis-server to answer',
      10_000,
    );
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
};

/**
 * Outages: the API's own Redis and PostgreSQL stop and start again (never the shared ones). Meanwhile the API
 * answers 503 envelopes with a clear message, the hub keeps its connections or lets clients reconnect, and
 * everything recovers by itself.
 */
describe.skipIf(!RUN)('cluster: Redis and PostgreSQL outages', () => {
  let pgServer: Awaited<ReturnType<typeof ownPostgres>>;
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let api: ApiProcess;
  let hub: HubClient;
  let user: { accessToken: string };
  let userId: number;

  beforeAll(async () => {
    [pgServer, redis] = await Promise.all([ownPostgres(), ownRedis()]);
    api = await startApi('outage-api', {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: pgServer.url,
      REDIS_URL: redis.url,
      JWT_SECRET: 'outage-jwt-secret-outage-jwt-secret-0123',
      ADMIN_PASSWORD,
      HUB_KEEP_ALIVE_MS: '1000',
    });
    user = await passwordLogin(api.base, '13800000000', 'demo123456');
    userId = (await ok<{ id: number }>(api.base, 'GET', '/api/sysUser/baseInfo', { token: user.accessToken }))
      .id;
    hub = await connectHub(api.base, user.accessToken, ['ReceiveMessage'], { reconnect: true });
  });

  afterAll(async () => {
    await hub?.connection.stop().catch(() => undefined);
    await api?.stop();
    await redis?.stop();
    try {
      pgServer?.stop();
    } catch {
      // already stopped
    }
    pgServer?.remove();
  });

  /** A customer-service reply pushed over the hub arrives at the test's connection. */
  const pushArrives = async (text: string) => {
    const operator = await passwordLogin(api.base, 'admin', ADMIN_PASSWORD);
    await ok(api.base, 'POST', '/api/sysCustomerService/reply', {
      token: operator.accessToken,
      body: { userId, content: text },
    });
    await hub.next<{ content: string }>('ReceiveMessage', (m) => m.content === text, 10_000);
  };

  const readyStatus = async () => (await fetch(`${api.base}/readyz`)).status;

  it('Redis goes away and comes back: /readyz says so, requests that need it answer 503 envelopes, all recovers', async () => {
    await pushArrives('redis 之前');
    await redis.stop();
    await waitFor(async () => (await readyStatus()) === 503, '/readyz to report Redis away', 10_000);
    // What needs no Redis keeps working.
    expect((await call(api.base, 'GET', '/api/sysUser/baseInfo', { token: user.accessToken })).status).toBe(
      200,
    );
    // A drawing job needs the queue: a 503 envelope with a message, quickly, not a hang or a 500.
    const started = Date.now();
    const refused = await call(api.base, 'POST', '/api/aiDraw/imagine', {
      token: user.accessToken,
      body: { prompt: '停电时的城市', count: 1 },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(refused.status).toBe(503);
    expect(refused.code).toBe(503);
    expect(String(refused.message).length).toBeGreaterThan(0);

    await redis.start();
    await waitFor(async () => (await readyStatus()) === 200, '/readyz to recover', 20_000);
    await waitFor(() => hub.connection.state === 'Connected', 'the hub connection', 20_000);
    await pushArrives('redis 回来了');
  });

  it('PostgreSQL goes away and comes back: 503 envelopes meanwhile, the hub keeps or regains its connection, all recovers', async () => {
    pgServer.stop();
    const down = await call(api.base, 'GET', '/api/sysUser/baseInfo', { token: user.accessToken });
    expect(down.status).toBe(503);
    expect(down.code).toBe(503);
    expect(String(down.message).length).toBeGreaterThan(0);
    expect(await readyStatus()).toBe(503);
    await sleep(1500); // a few hub pings while the sessions cannot be checked

    pgServer.start();
    await waitFor(
      async () =>
        (await call(api.base, 'GET', '/api/sysUser/baseInfo', { token: user.accessToken })).status === 200,
      'the API to answer again',
      20_000,
    );
    expect(await readyStatus()).toBe(200);
    await waitFor(() => hub.connection.state === 'Connected', 'the hub connection', 20_000);
    await pushArrives('数据库回来了');
  });
});
