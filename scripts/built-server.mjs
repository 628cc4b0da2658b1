/**
 * The built server (`apps/server/dist/server.js`, as `npm start` runs it) started for a journey on 127.0.0.1, used by
 * scripts/run-e2e.mjs and by journeys that need a server of their own (e2e/own-server.ts).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const waitForHealth = async (url, server, timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs / 1000} s`);
};

/**
 * Starts the built server on `port` with `dataDir` and the extra `env`, and waits until /healthz answers. Answers
 * its address and `stop` (SIGTERM, SIGKILL after 10 s).
 */
export const startBuiltServer = async ({ port, dataDir, env = {}, timeoutMs = 90_000 }) => {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(baseUrl, server, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
};
