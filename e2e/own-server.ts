import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A journey's own server (the built one, as `npm start` runs it) over a copy of the built web app and console, for
 * journeys that change the deployed files under an open page. Its database lives in its own DATA_DIR, kept across
 * restarts, so a restart is a deploy: the same data, new assets.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface OwnServer {
  baseUrl: string;
  webDist: string;
  adminDist: string;
  /** Stops the server, lets `change` rewrite the deployed files, and starts it again on the same port and data. */
  redeploy: (change: (dists: string[]) => void) => Promise<void>;
  close: () => Promise<void>;
}

export const startOwnServer = async (): Promise<OwnServer> => {
  const home = mkdtempSync(join(tmpdir(), 'e2e-own-'));
  const webDist = join(home, 'web');
  const adminDist = join(home, 'admin');
  cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true });
  cpSync(join(root, 'apps/admin/dist'), adminDist, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  const start = async () => {
    server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(home, 'data'),
        WEB_DIST_DIR: webDist,
        ADMIN_DIST_DIR: adminDist,
        JWT_SECRET: process.env.E2E_JWT_SECRET ?? 'e2e-secret-e2e-secret-e2e-secret-0123',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`own server exited with ${server.exitCode}`);
      if (await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('own server not healthy after 90 s');
  };
  const stop = async () => {
    const running = server;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    baseUrl,
    webDist,
    adminDist,
    redeploy: async (change) => {
      await stop();
      change([webDist, adminDist]);
      await start();
    },
    close: async () => {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a new build does to a deployed app: every hashed asset gets a new name (Vite names chunks by their content,
 * and a change reaches the entry through the import graph), the old names are gone, every reference follows.
 * The precompressed copies go (the server sends the plain file then).
 */
export const renameEveryAsset = (dist: string): Map<string, string> => {
  const renamed = new Map<string, string>();
  for (const path of filesUnder(dist)) {
    if (/\.(br|gz)$/.test(path)) rmSync(path);
  }
  for (const path of filesUnder(join(dist, 'assets'))) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const fresh = name.replace(/-([A-Za-z0-9_-]{6,})\.(js|css|woff2?|png|svg|webp)$/, '-$1n2.$2');
    if (fresh === name) continue;
    renameSync(path, join(dirname(path), fresh));
    renamed.set(name, fresh);
  }
  const pattern = new RegExp(
    `(?<=[/"'\`(])(${[...renamed.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})`,
    'g',
  );
  for (const path of filesUnder(dist)) {
    if (!/\.(js|css|html|webmanifest|json)$/.test(path)) continue;
    const text = readFileSync(path, 'utf8');
    const next = text.replace(pattern, (old) => renamed.get(old) ?? old);
    if (next !== text) writeFileSync(path, next);
  }
  return renamed;
};
