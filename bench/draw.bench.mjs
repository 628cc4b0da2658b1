// AI drawing:
// - the built-in offline engine: time per image at each ratio (p50, p95 over RUNS prompts and seeds), in this
//   process, on the built server code (apps/server/dist);
// - a queue of 20 drawing tasks on the product started as `npm start` starts it with JOB_CONCURRENCY 2: time from
//   each `imagine` answer to the hub's JobProgress at 100 % (the official SignalR client), p50 / p95 / max, and the
//   whole queue's wall time.
// - 高清放大: the offline ESRGAN upscaler (tfjs WASM in a worker thread, tiled) on a 512×512 picture, ×2 and ×4,
//   each in a fresh process (bench/upscale-measure.mjs) for its wall time and peak memory.
// Writes bench/results/draw.json and draw.md. Targets: an offline image in under 2 s (p95) at every ratio; an
// upscale ×2 of 512×512 in at most 15 s and 600 MB on two cores.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { buildProduct, login, startProduct } from './server-build.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '..');
const RUNS = Number(process.env.DRAW_BENCH_RUNS ?? 12);
const QUEUE = Number(process.env.DRAW_BENCH_QUEUE ?? 20);
const TARGET_MS = 2000;
buildProduct();

const { renderOffline } = await import(
  pathToFileURL(path.join(root, 'apps/server/dist/modules/drawing/engines/offline-engine.js')).href
);
const { drawRatios, drawSizeOf, drawStyles } = await import(
  pathToFileURL(path.join(root, 'packages/contract/dist/index.js')).href
);
const require = createRequire(path.join(root, 'apps/server/package.json'));
const signalR = require('@microsoft/signalr');

const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
// Prompts the composer reads into several motifs each (subjects, time of day, weather), Chinese and English.
const PROMPTS = [
  '夕阳下的城市',
  '星空下的雪山，宁静',
  '赛博朋克街道，霓虹灯',
  '江南水乡的清晨，小桥流水，乌篷船',
  '海边的灯塔和帆船',
  '一只熊猫在竹林里，下雪了',
  'A red fox in a snowy forest at night',
  'A cup of coffee and a book on a table',
];

// 1. Offline engine, per ratio.
await renderOffline(
  {
    prompt: '预热',
    negativePrompt: null,
    style: 'none',
    ratio: '1:1',
    ...drawSizeOf('1:1'),
    count: 1,
    seed: 1,
    roleImages: [],
  },
  0,
);
const offline = [];
for (const ratio of drawRatios) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const request = {
      prompt: PROMPTS[i % PROMPTS.length],
      negativePrompt: null,
      style: drawStyles[i % drawStyles.length],
      ratio,
      ...drawSizeOf(ratio),
      count: 1,
      seed: 1000 + i,
      roleImages: [],
    };
    const started = performance.now();
    await renderOffline(request, 0);
    times.push(performance.now() - started);
  }
  const { width, height } = drawSizeOf(ratio);
  offline.push({
    ratio,
    size: `${width}×${height}`,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(Math.max(...times)),
  });
  console.log(
    `offline ${ratio}: p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms`,
  );
}

// 2. A queue of tasks on the product, JOB_CONCURRENCY 2, timed to the hub's 100 %.
const dataDir = mkdtempSync(path.join(tmpdir(), 'draw-bench-'));
const product = await startProduct({ dataDir, env: { JOB_CONCURRENCY: '2' }, stdio: 'ignore' });
let queue;
try {
  const token = await login(product.base, '13800000000', 'demo123456');
  // The queue is one user's: the operator lets that user hold QUEUE drawings at once (app_config taskLimits).
  const operator = await login(product.base, 'admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
  const limits = await fetch(`${product.base}/api/console/app-config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
    body: JSON.stringify({
      values: { taskLimits: { drawing: QUEUE, dubbing: 4, subtitles: 4, video: 2, vipMultiplier: 2 } },
    }),
  }).then((res) => res.json());
  if (limits.code !== 200) throw new Error(`task limits refused: ${JSON.stringify(limits)}`);
  const hub = new signalR.HubConnectionBuilder()
    .withUrl(`${product.base}/hubs/onlineUser`, {
      accessTokenFactory: () => token,
      skipNegotiation: true,
      transport: signalR.HttpTransportType.WebSockets,
    })
    .configureLogging(signalR.LogLevel.None)
    .build();
  const doneAt = new Map();
  hub.on('JobProgress', (payload) => {
    if (payload.type === 'ai_draw' && payload.state === 'succeeded' && payload.progress === 100)
      doneAt.set(payload.jobId, performance.now());
  });
  await hub.start();
  const accepted = [];
  const started = performance.now();
  for (let i = 0; i < QUEUE; i += 1) {
    const res = await fetch(`${product.base}/api/aiDraw/imagine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        prompt: PROMPTS[i % PROMPTS.length],
        ratio: drawRatios[i % drawRatios.length],
        count: 1,
      }),
    });
    const envelope = await res.json();
    if (envelope.code !== 200) throw new Error(`imagine failed: ${JSON.stringify(envelope)}`);
    accepted.push({ jobId: envelope.result.jobId, at: performance.now() });
  }
  const deadline = Date.now() + 300_000;
  while (accepted.some((a) => !doneAt.has(a.jobId))) {
    if (Date.now() > deadline) throw new Error('the queue did not finish in 5 minutes');
    await new Promise((r) => setTimeout(r, 20));
  }
  const waits = accepted.map((a) => doneAt.get(a.jobId) - a.at);
  queue = {
    tasks: QUEUE,
    concurrency: 2,
    p50: round(percentile(waits, 50)),
    p95: round(percentile(waits, 95)),
    max: round(Math.max(...waits)),
    totalMs: round(Math.max(...doneAt.values()) - started),
  };
  console.log(`queue of ${QUEUE}: p50 ${queue.p50} ms, p95 ${queue.p95} ms, all done in ${queue.totalMs} ms`);
  await hub.stop();
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// 3. 高清放大, each in its own process (its peak memory is the upscale's: model, WASM heap, tiles, PNG).
const UPSCALE_TARGET = { ms: 15_000, mb: 600 };
const upscales = [2, 4].map((scale) => {
  const result = JSON.parse(
    execFileSync(process.execPath, [path.join(dir, 'upscale-measure.mjs'), '512', String(scale)], {
      encoding: 'utf8',
    }).trim(),
  );
  console.log(`upscale 512×512 ×${scale}: ${result.wallMs} ms, peak ${result.peakRssMb} MB`);
  return { scale, size: `512×512 → ${result.width}×${result.height}`, ...result };
});
const x2 = upscales.find((u) => u.scale === 2);
const upscaleMet = x2.wallMs <= UPSCALE_TARGET.ms && x2.peakRssMb <= UPSCALE_TARGET.mb;

const met = offline.every((r) => r.p95 < TARGET_MS);
const at = new Date().toISOString();
const machine = `Node ${process.version} · ${cpus().length} CPUs, load average ${round(loadavg()[0], 2)}`;
mkdirSync(path.join(dir, 'results'), { recursive: true });
writeFileSync(
  path.join(dir, 'results/draw.json'),
  `${JSON.stringify({ at, machine, runs: RUNS, targetMs: TARGET_MS, met, offline, queue, upscale: { target: UPSCALE_TARGET, met: upscaleMet, runs: upscales } }, null, 2)}\n`,
);
writeFileSync(
  path.join(dir, 'results/draw.md'),
  `# AI drawing benchmark

${at} · ${machine}

## Offline engine, one image (${RUNS} prompts × styles per ratio)

| ratio | size | p50 | p95 | max |
| --- | --- | ---: | ---: | ---: |
${offline.map((r) => `| ${r.ratio} | ${r.size} | ${r.p50} ms | ${r.p95} ms | ${r.max} ms |`).join('\n')}

Target: under ${TARGET_MS / 1000} s per image (p95) at every ratio: ${met ? 'met' : 'NOT met'}. The picture is an SVG
composed from the prompt (jieba reads it into motifs of a vector library, laid out sky / far / terrain / middle /
near, painted in the style: watercolour, ink, flat, oil, pixel or line art) rendered by sharp, with paper grain, as PNG.

## A queue of ${queue.tasks} tasks, JOB_CONCURRENCY ${queue.concurrency}

From each \`imagine\` answer to the hub's \`JobProgress\` at 100 % (official SignalR client), the product started as
\`npm start\` starts it (embedded database, local files; each task also stores a WebP and its thumbnail):

| p50 | p95 | max | whole queue |
| ---: | ---: | ---: | ---: |
| ${queue.p50} ms | ${queue.p95} ms | ${queue.max} ms | ${queue.totalMs} ms |

Tasks wait their turn: with two at a time the last of ${queue.tasks} waits for the ${queue.tasks - 2} before it, so
p95 is about the whole queue's time.

## 高清放大 (offline ESRGAN, \`@upscalerjs/esrgan-slim\` on tfjs WASM in a worker thread)

One picture each, in a fresh process (peak resident memory of that process, worker thread and WASM heap included),
tiles of 256 px with 12 px of overlap:

| scale | size | time | peak memory |
| --- | --- | ---: | ---: |
${upscales.map((u) => `| ×${u.scale} | ${u.size} | ${u.wallMs} ms | ${u.peakRssMb} MB |`).join('\n')}

Target: ×2 of 512×512 in at most ${UPSCALE_TARGET.ms / 1000} s and ${UPSCALE_TARGET.mb} MB: ${upscaleMet ? 'met' : 'NOT met'}.
`,
);
console.log(met ? 'draw bench: target met' : 'draw bench: target NOT met');
console.log(upscaleMet ? 'draw bench: upscale target met' : 'draw bench: upscale target NOT met');
