// Debian packages the product and its tests use, installed when this runs as root or with password-less
// sudo (as `npm start` and `npm test` do); otherwise each missing one is named with the command that installs it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const CJK_FONTS = ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'];

/** Each package: how to tell it is there, and what it is for. */
export const PACKAGES = {
  ffmpeg: { present: () => has('ffmpeg'), feature: 'AI video and media duration checks' },
  'espeak-ng': { present: () => has('espeak-ng'), feature: 'offline AI dubbing' },
  pocketsphinx: { present: () => has('pocketsphinx_batch'), feature: 'offline subtitle timing (forced alignment)' },
  fluidsynth: { present: () => has('fluidsynth'), feature: 'video music with real instrument sounds' },
  'fluid-soundfont-gm': {
    present: () => existsSync('/usr/share/sounds/sf2/FluidR3_GM.sf2'),
    feature: 'video music with real instrument sounds (the General MIDI instruments)',
  },
  'fonts-wqy-microhei': { present: () => CJK_FONTS.some((f) => existsSync(f)), feature: 'Chinese text in posters, images and subtitles' },
  'fonts-noto-color-emoji': {
    present: () => existsSync('/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'),
    feature: 'emoji in colour in pictures and posters drawn by the browser',
  },
  'fonts-symbola': {
    present: () => existsSync('/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf'),
    feature: 'emoji in burned-in video subtitles (libass draws monochrome glyphs only)',
  },
  'tesseract-ocr-chi-sim': {
    present: () => has('tesseract') && existsSync('/usr/share/tesseract-ocr/5/tessdata/chi_sim.traineddata'),
    feature: 'reading text inside uploaded pictures (moderation OCR)',
  },
  'libimage-exiftool-perl': { present: () => has('exiftool'), feature: 'reading AI labels back from files (tests)' },
  chromium: { present: () => existsSync('/usr/bin/chromium') || has('chromium'), feature: 'browser journeys (headless Chromium)' },
  postgresql: {
    present: () => has('initdb') || spawnSync('sh', ['-c', 'ls /usr/lib/postgresql/*/bin/initdb']).status === 0,
    feature: 'the cluster suite (its own PostgreSQL for the outage test)',
  },
  'redis-server': { present: () => has('redis-server'), feature: 'the cluster suite (its own Redis for the outage test)' },
};

/**
 * Installs the missing packages among `names` when it can. Returns the names still missing, each already
 * reported in one line saying what it is for and how to install it.
 */
export const ensurePackages = (names) => {
  const wanted = names.filter((name) => !PACKAGES[name].present());
  if (!wanted.length || process.env.SKIP_SYSTEM_PACKAGES === 'true') return wanted;
  const isRoot = process.getuid?.() === 0;
  const sudo = !isRoot && has('sudo') && spawnSync('sudo', ['-n', 'true']).status === 0;
  if ((isRoot || sudo) && has('apt-get')) {
    console.log(`Installing system packages: ${wanted.join(', ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = (args) =>
      spawnSync(isRoot ? 'apt-get' : 'sudo', isRoot ? args : ['-n', 'apt-get', ...args], { stdio: 'inherit', env });
    if (apt(['install', '-y', '-qq', ...wanted]).status !== 0) {
      apt(['update', '-qq']);
      apt(['install', '-y', '-qq', ...wanted]);
    }
  }
  const missing = wanted.filter((name) => !PACKAGES[name].present());
  for (const name of missing)
    console.warn(`Missing ${name}: ${PACKAGES[name].feature} will be unavailable (install it with apt-get install ${name}).`);
  return missing;
};
