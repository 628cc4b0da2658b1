// `npm test`: builds, then runs every suite. The server suite runs on embedded PGlite and, when
// TEST_DATABASE_URL is set (CI), again on that PostgreSQL server. Browser journeys run last.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensurePackages } from './system-packages.mjs';

const run = (label, command, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// What the suites need from Debian: media tools and a CJK font for the server suite, Chromium for the journeys.
// Installed when this runs as root or with password-less sudo; otherwise one line names each missing package.
// The cluster suite (with TEST_DATABASE_URL and TEST_REDIS_URL) also starts its own PostgreSQL and Redis.
const clustered = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const missing = ensurePackages([
  'ffmpeg',
  'espeak-ng',
  'pocketsphinx',
  'fluidsynth',
  'fluid-soundfont-gm',
  'tesseract-ocr-chi-sim',
  'fonts-wqy-microhei',
  'fonts-noto-color-emoji',
  'fonts-symbola',
  // The AI-label test reads the hidden labels back as an outside tool does.
  'libimage-exiftool-perl',
  'chromium',
  ...(clustered ? ['postgresql', 'redis-server'] : []),
]);
if (missing.length) {
  console.error(`npm test needs: apt-get install ${missing.join(' ')}`);
  process.exit(1);
}

run('build', 'npm', ['run', 'build']);
// Lint holds the walls between modules and features (eslint.config.js); a crossing import fails the run.
run('lint', 'npm', ['run', 'lint']);
run('contract tests', 'npm', ['test', '-w', 'packages/contract']);
run('server tests on PGlite', 'npm', ['test', '-w', 'apps/server'], { DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  run('server tests on PostgreSQL', 'npm', ['test', '-w', 'apps/server'], { DATABASE_URL: process.env.TEST_DATABASE_URL });
}
if (clustered) {
  // The built server as separate processes (two API processes, workers) on PostgreSQL, Redis and s3rver.
  run('cluster suite', 'npm', ['run', 'test:cluster']);
}
run('web tests', 'npm', ['test', '-w', 'apps/web', '--if-present']);
run('operator console tests', 'npm', ['test', '-w', 'apps/admin']);
if (existsSync('scripts/run-e2e.mjs')) run('browser journeys', 'node', ['scripts/run-e2e.mjs']);
