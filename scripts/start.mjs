// `npm start`: installs the media packages when it can, builds what is missing, then runs the server.
// `npm run worker` runs it with `worker`: the same, for a process that runs jobs and serves no HTTP.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serverEnv } from './server-env.mjs';
import { ensurePackages } from './system-packages.mjs';

ensurePackages(['ffmpeg', 'espeak-ng', 'pocketsphinx', 'fluidsynth', 'fluid-soundfont-gm', 'fonts-wqy-microhei', 'fonts-symbola']);

const built = ['packages/contract/dist/index.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html', 'apps/admin/dist/index.html'].every((f) => existsSync(f));
if (!built || process.env.REBUILD === 'true') {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Production unless the environment says otherwise: no contract check of every answer, quiet request logging.
// `npm run dev` is the development mode (watch, contract checks, every request logged).
const entry = process.argv[2] === 'worker' ? 'apps/server/dist/worker.js' : 'apps/server/dist/server.js';
// Forward stop signals so the server drains requests and closes the database (graceful shutdown).
const server = spawn(process.execPath, [entry], { stdio: 'inherit', env: serverEnv(process.env) });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
