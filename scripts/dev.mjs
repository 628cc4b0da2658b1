// `npm run dev`: the server in watch mode (restarts on every change of apps/server/src) with the contract check
// of every answer and every request logged, and Vite's dev server for the web app (http://localhost:5173,
// proxying /api and /hubs to the server on 8080). The contract is built first if missing (the server imports it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

if (!existsSync('packages/contract/dist/index.js')) {
  const result = spawnSync('npm', ['run', 'build', '-w', 'packages/contract'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV || 'development',
  LOG_LEVEL: process.env.LOG_LEVEL || 'debug',
  // The server runs from apps/server; its data stays where `npm start` keeps it.
  DATA_DIR: path.resolve(process.env.DATA_DIR || 'data'),
};
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env }),
];
const stop = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode ??= code ?? 0;
  });
}
