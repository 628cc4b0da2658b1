import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startBuiltServer } from '../scripts/built-server.mjs';

/**
 * A journey's own server (the built one, as `npm start` runs it) over a copy of the built web app and console, for
 * journeys that change the deployed files under an open page. Its database lives in its own DATA_DIR, kept across
 * restarts, so a restart is a deploy: the same data, new assets.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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
  const env = {
    WEB_DIST_DIR: webDist,
    ADMIN_DIST_DIR: adminDist,
    JWT_SECRET: process.env.E2E_JWT_SECRET ?? 'e2e-secret-e2e-secret-e2e-secret-0123',
    LOG_LEVEL: 'warn',
  };
  let stop: () => Promise<void> = async () => undefined;
  const start = async () => {
    ({ stop } = await startBuiltServer({ port, dataDir: join(home, 'data'), env }));
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
