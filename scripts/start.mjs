// `npm start`: installs the media packages when it can, builds what is missing, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const wanted = [
  { ok: has('ffmpeg'), pkg: 'ffmpeg', feature: 'AI video and media duration checks' },
  { ok: has('espeak-ng'), pkg: 'espeak-ng', feature: 'offline AI dubbing' },
  { ok: has('pocketsphinx_batch'), pkg: 'pocketsphinx', feature: 'offline subtitle timing (forced alignment)' },
  { ok: existsSync(FONT) || existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'), pkg: 'fonts-wqy-microhei', feature: 'Chinese text in posters, images and subtitles' },
].filter((p) => !p.ok);

if (wanted.length && process.env.SKIP_SYSTEM_PACKAGES !== 'true') {
  const isRoot = process.getuid?.() === 0;
  const sudo = !isRoot && has('sudo') && spawnSync('sudo', ['-n', 'true']).status === 0;
  const names = wanted.map((p) => p.pkg);
  if ((isRoot || sudo) && has('apt-get')) {
    console.log(`Installing system packages: ${names.join(', ')}`);
    const prefix = isRoot ? [] : ['sudo', '-n'];
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = (args) => spawnSync(prefix[0] ?? 'apt-get', [...prefix.slice(1), ...(prefix.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env });
    if (apt(['install', '-y', '-qq', ...names]).status !== 0) {
      apt(['update', '-qq']);
      apt(['install', '-y', '-qq', ...names]);
    }
  } else {
    for (const p of wanted) console.warn(`Missing ${p.pkg}: ${p.feature} will be unavailable (install it with apt-get install ${p.pkg}).`);
  }
}

const built = ['packages/contract/dist/index.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html'].every((f) => existsSync(f));
if (!built || process.env.REBUILD === 'true') {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Production unless the environment says otherwise: no contract check of every answer, quiet request logging.
// `npm run dev` is the development mode (watch, contract checks, every request logged).
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
// Forward stop signals so the server drains requests and closes the database (graceful shutdown).
const server = spawn(process.execPath, ['apps/server/dist/server.js'], { stdio: 'inherit', env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
