#!/usr/bin/env node
/**
 * Browser journeys. Builds nothing: `npm test` has already run `npm run build`.
 * For each journey file in e2e/ (or those named on the command line: `node scripts/run-e2e.mjs plaza`), starts
 * `node apps/server/dist/server.js` on a free port with a fresh temporary DATA_DIR and a known JWT_SECRET,
 * waits for /healthz, runs the file (vitest, playwright-core, Debian's Chromium), then stops the server.
 * A journey that fails runs once more on a fresh server (a real browser on a shared machine can miss a beat);
 * either way its first failure is printed again at the end, where a CI log's tail shows it.
 * With E2E_BASE_URL set it runs every file against that running app instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startBuiltServer } from './built-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'apps/server/dist/server.js');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jwtSecret = process.env.E2E_JWT_SECRET ?? 'e2e-secret-e2e-secret-e2e-secret-0123';

const KEPT_LINES = 120;

/** Runs a command with its output passed through; answers its exit code and its output's last lines. */
const run = (command, args, env) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let kept = [];
    const keep = (stream, sink) =>
      stream.on('data', (chunk) => {
        sink.write(chunk);
        kept = kept.concat(String(chunk).split('\n')).slice(-KEPT_LINES);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), tail: kept.join('\n') }));
  });

/** Starts the built server on a free port with a fresh DATA_DIR; answers how to reach and stop it. */
const startServer = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const port = await freePort();
  console.log(`run-e2e: server starting on http://127.0.0.1:${port} (DATA_DIR ${dataDir})`);
  const env = { JWT_SECRET: jwtSecret, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' };
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const { baseUrl, stop } = await startBuiltServer({ port, dataDir, env });
    return { baseUrl, dataDir, stop: () => stop().finally(removeData) };
  } catch (error) {
    removeData();
    throw error;
  }
};

const runJourneys = (baseUrl, dataDir, files = [], env = {}) =>
  run(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'e2e/vitest.config.ts', ...files], {
    ...process.env,
    ...env,
    E2E_BASE_URL: baseUrl,
    E2E_JWT_SECRET: jwtSecret,
    // The server's DATA_DIR: journeys read the dev SMS outbox (<DATA_DIR>/outbox/sms.jsonl).
    E2E_DATA_DIR: dataDir,
    CHROMIUM_PATH: chromium,
  });

/**
 * Each journey file gets its own server and fresh database, so one journey's purchases, quota use or
 * posts never change what another one sees. With E2E_BASE_URL set, every file runs against that app.
 */
const main = async () => {
  if (!existsSync(chromium)) {
    console.error(`run-e2e: Chromium not found at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
    return 1;
  }
  // A failure on another machine names its browser.
  const version = spawnSync(chromium, ['--version'], { encoding: 'utf8' });
  console.log(`run-e2e: browser ${(version.stdout || version.stderr || 'version unknown').trim()} (${chromium})`);
  if (process.env.E2E_BASE_URL) {
    return (await runJourneys(process.env.E2E_BASE_URL, process.env.E2E_DATA_DIR ?? '', process.argv.slice(2))).code;
  }
  if (!existsSync(serverEntry)) {
    console.error(`run-e2e: ${serverEntry} is missing; run \`npm run build\` first`);
    return 1;
  }
  const only = process.argv.slice(2);
  const files = readdirSync(join(root, 'e2e'))
    .filter((name) => name.endsWith('.e2e.ts'))
    .filter((name) => !only.length || only.some((wanted) => name.includes(wanted)))
    .sort();
  const runOnFreshServer = async (file) => {
    const { baseUrl, dataDir, stop } = await startServer();
    try {
      return await runJourneys(baseUrl, dataDir, [], { E2E_INCLUDE: file });
    } finally {
      await stop();
    }
  };
  const failed = [];
  const firstFailures = [];
  for (const file of files) {
    const first = await runOnFreshServer(file);
    if (first.code === 0) continue;
    firstFailures.push({ file, tail: first.tail });
    console.error(`run-e2e: ${file} failed; running it once more on a fresh server`);
    if ((await runOnFreshServer(file)).code !== 0) failed.push(file);
  }
  for (const { file, tail } of firstFailures) {
    const verdict = failed.includes(file) ? 'failed twice' : 'passed when run again';
    console.error(`\nrun-e2e: ${file} ${verdict}; its first failure's last lines:\n${tail}`);
  }
  if (failed.length) console.error(`run-e2e: failed journeys: ${failed.join(', ')}`);
  else console.log(`run-e2e: ${files.length} journey files passed${firstFailures.length ? ` (${firstFailures.length} on a second run)` : ''}`);
  return failed.length ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('run-e2e:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
