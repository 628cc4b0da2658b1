// Picture moderation, once the models are loaded, for one 1080p picture (1920×1080 PNG made locally by ffmpeg:
// its testsrc2 pattern with two lines of Chinese text drawn on it):
// - the classifier: nsfwjs MobileNetV2 on TensorFlow.js's WASM backend in a worker thread (decode and fit to
//   224×224 included), p50 / p95 / max over RUNS pictures after one warm-up that loads the model;
// - the OCR: Debian's tesseract with chi_sim, sparse text (a child process per picture, the picture fitted to 1600 px),
//   p50 / p95 / max over OCR_RUNS, and whether it read the drawn text;
// - the process's memory before the model loads, with it loaded, and after it is released.
// Writes bench/results/moderation.json and moderation.md. Targets: classifier ≤ 1 s, OCR ≤ 2 s.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildProduct } from './server-build.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '..');
const RUNS = Number(process.env.MODERATION_BENCH_RUNS ?? 10);
const OCR_RUNS = Number(process.env.MODERATION_BENCH_OCR_RUNS ?? 5);
const TARGETS = { classifierMs: 1000, ocrMs: 2000 };
buildProduct();

const dist = (file) => pathToFileURL(path.join(root, 'apps/server/dist/modules/moderation/pictures', file)).href;
const { createNsfwClassifier } = await import(dist('nsfw-classifier.js'));
const { readPictureText } = await import(dist('picture-ocr.js'));

const round = (n, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (times) => ({ p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(Math.max(...times)) });
const rssMb = () => round(process.memoryUsage().rss / 1024 ** 2);
const timed = async (work) => {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
};

const work = mkdtempSync(path.join(tmpdir(), 'moderation-bench-'));
const TEXT = '欢迎来到创作广场';
const picture = path.join(work, '1080p.png');
execFileSync('ffmpeg', [
  '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080', '-frames:v', '1', '-vf',
  `drawtext=fontfile=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc:text='${TEXT}':fontsize=96:x=240:y=380:fontcolor=black:box=1:boxcolor=white:boxborderw=24`,
  picture,
]);
const bytes = readFileSync(picture);

const classifier = createNsfwClassifier({ idleMs: 2_000, budgetMs: 120_000 });
const rest = rssMb();
const warm = await timed(() => classifier.classify(bytes));
const loaded = rssMb();
const classifierTimes = [];
for (let i = 0; i < RUNS; i++) classifierTimes.push((await timed(() => classifier.classify(bytes))).ms);
const scores = await classifier.classify(bytes);
await new Promise((resolve) => setTimeout(resolve, 3_000));
const released = { rss: rssMb(), loaded: classifier.loaded() };

const firstOcr = await timed(() => readPictureText(bytes));
const ocrTimes = [];
let text = firstOcr.value;
for (let i = 0; i < OCR_RUNS; i++) {
  const run = await timed(() => readPictureText(bytes));
  ocrTimes.push(run.ms);
  text = run.value;
}
await classifier.close();
rmSync(work, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((l) => round(l, 2)) },
  picture: '1920×1080 PNG (ffmpeg testsrc2 with drawn Chinese text)',
  classifier: {
    engine: 'nsfwjs MobileNetV2, tfjs-backend-wasm, worker thread',
    firstPictureMs: round(warm.ms),
    loadedMs: summary(classifierTimes),
    runs: RUNS,
    scores: Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, round(v, 4)])),
    target: `p95 ≤ ${TARGETS.classifierMs} ms`,
    met: percentile(classifierTimes, 95) <= TARGETS.classifierMs,
  },
  ocr: {
    engine: 'tesseract chi_sim, sparse text (Debian tesseract-ocr-chi-sim), one process per picture',
    firstPictureMs: round(firstOcr.ms),
    ms: summary(ocrTimes),
    runs: OCR_RUNS,
    text,
    readDrawnText: (text ?? '').replace(/\s/g, '').includes(TEXT),
    target: `p95 ≤ ${TARGETS.ocrMs} ms`,
    met: percentile(ocrTimes, 95) <= TARGETS.ocrMs,
  },
  memoryMb: { atRest: rest, modelLoaded: loaded, afterIdleRelease: released.rss, releasedAfterIdle: !released.loaded },
};

mkdirSync(path.join(dir, 'results'), { recursive: true });
writeFileSync(path.join(dir, 'results/moderation.json'), `${JSON.stringify(result, null, 2)}\n`);
const c = result.classifier;
const o = result.ocr;
writeFileSync(
  path.join(dir, 'results/moderation.md'),
  [
    `# Picture moderation bench (${result.date})`,
    '',
    `Machine: ${result.machine.cpus} CPUs (${result.machine.model}), load ${result.machine.loadavg.join(' / ')}. Picture: ${result.picture}.`,
    '',
    '| step | first picture | p50 | p95 | max | target | met |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| classifier (${c.engine}) | ${c.firstPictureMs} ms (loads the model) | ${c.loadedMs.p50} ms | ${c.loadedMs.p95} ms | ${c.loadedMs.max} ms | ${c.target} | ${c.met ? 'yes' : 'no'} |`,
    `| OCR (${o.engine}) | ${o.firstPictureMs} ms | ${o.ms.p50} ms | ${o.ms.p95} ms | ${o.ms.max} ms | ${o.target} | ${o.met ? 'yes' : 'no'} |`,
    '',
    `OCR read the drawn text: ${o.readDrawnText ? 'yes' : 'no'} (“${o.text}”). Scores: ${JSON.stringify(c.scores)}.`,
    '',
    `Memory (RSS): ${result.memoryMb.atRest} MB before the model, ${result.memoryMb.modelLoaded} MB with it loaded (the worker thread), ${result.memoryMb.afterIdleRelease} MB after the idle release (released: ${result.memoryMb.releasedAfterIdle ? 'yes' : 'no'}).`,
    '',
  ].join('\n'),
);
console.log(readFileSync(path.join(dir, 'results/moderation.md'), 'utf8'));
