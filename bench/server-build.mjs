// What the benches need of the server: built as `npm start` runs it (apps/server/dist/server.js), and started.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');

/** Builds unless BENCH_SKIP_BUILD=true and a build exists; returns the server entry. */
export const buildServer = (log = console.log) => {
  if (process.env.BENCH_SKIP_BUILD === 'true' && existsSync(serverEntry)) return serverEntry;
  for (const workspace of ['packages/contract', 'apps/server']) {
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    // tsc still emits on type errors elsewhere in the tree; the bench only needs the emitted files.
    if (result.status !== 0) log(`build of ${workspace} reported errors; using what it emitted`);
  }
  if (!existsSync(serverEntry)) throw new Error('apps/server/dist/server.js is missing after the build');
  return serverEntry;
};

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
