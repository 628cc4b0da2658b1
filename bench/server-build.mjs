// What the benches need of the product: built as `npm run build` builds it, and started exactly as `npm start`
// starts it (`node scripts/start.mjs`: production mode, default logging, on-disk embedded database unless a
// DATABASE_URL is given).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');
const built = ['packages/contract/dist/index.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html', 'apps/admin/dist/index.html'];

/** `npm run build` (contract, server, web) unless BENCH_SKIP_BUILD=true and a build exists. */
export const buildProduct = (log = console.log) => {
  if (process.env.BENCH_SKIP_BUILD === 'true' && built.every((f) => existsSync(path.join(root, f)))) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  // tsc still emits on type errors elsewhere in the tree; the bench only needs the emitted files.
  if (result.status !== 0) log('the build reported errors; using what it emitted');
  for (const file of built) if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing after the build`);
};

/** A free TCP port on loopback. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Resolves once the started server answers /healthz; throws if it exits or is not up within `timeoutMs`. */
export const waitForHealthy = async (child, base, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy');
};

/**
 * Starts the product as `npm start` does, on a free loopback port, with its data in `dataDir`. The bench's own
 * NODE_ENV, LOG_LEVEL, DATABASE_URL and REDIS_URL are not passed on: the product runs with its defaults unless
 * `env` names a value (a provider URL for the chat bench, `databaseUrl` for PostgreSQL).
 */
export const startProduct = async ({ dataDir, databaseUrl, env = {}, stdio = 'inherit' }) => {
  const port = await freePort();
  const inherited = { ...process.env };
  for (const name of ['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'DATA_DIR']) delete inherited[name];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...inherited,
      SKIP_SYSTEM_PACKAGES: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', stdio, 'inherit'],
    // Its own process group: if the bench dies, the group (start script and server) goes with it.
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.once('exit', () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  await waitForHealthy(child, base);
  return {
    child,
    base,
    port,
    /** Graceful stop (SIGTERM drains requests and closes the database), as an operator stops it. */
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Logs in through the API; returns the access token. */
export const login = async (base, account, password) => {
  const res = await fetch(`${base}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const envelope = await res.json();
  if (!envelope.result?.accessToken) throw new Error(`login of ${account} failed: ${JSON.stringify(envelope)}`);
  return envelope.result.accessToken;
};
