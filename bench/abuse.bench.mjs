// Hostile load on the product started exactly as `npm start` starts it (embedded database, local files,
// in-process jobs, JOB_CONCURRENCY at its default):
// 1. Decode bombs: the API process's memory (RSS of the server process, sampled every 10 ms) while 20
//    parallel uploads of a ~3 KB GIF (1920×1080 canvas, 120 one-pixel frames) reach
//    `POST /api/sysCommonInfo/UploadAttachments?category=digital` as the logged-in demo user, and /healthz's
//    answer time meanwhile. Target: under +150 MB over the RSS before the burst.
// 2. Fair queues: a normal user's drawing (submit → succeeded) while another user (the VIP demo user) holds
//    the maximum of active tasks in every capability (drawing, dubbing, subtitles, video: submitted until the
//    server answers 429 too_many_tasks), against the same drawing on the idle server in the same run.
//    Target: within 2× the idle time (medians of RUNS drawings each).
// 3. (issue 39) The resizer: server CPU seconds and the resize cache's disk for 300 anonymous resizes at random sizes
//    1500–2000; three 1,400-character storyboards by a user with 0 gold (gold charged, CPU spent); one ×4 upscale
//    of 1024² (the server's RSS peak over its rest: at most +400 MB); the server's RSS after all that and a
//    3,000-request fuzz against its start, once the models' idle time has passed (at most +100 MB). Parts in
//    bench/abuse-accounts.mjs.
// Writes bench/results/abuse.json and abuse.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProduct, login, startProduct } from './server-build.mjs';
import { fuzz, resizerCost, storyboardCost, upscalePeak } from './abuse-accounts.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const BOMBS = 20;
const RUNS = Number(process.env.ABUSE_BENCH_RUNS ?? 3);
const MEMORY_TARGET_MB = 150;
const SLOWDOWN_TARGET = 2;
const DRAW_TIMEOUT_MS = 10 * 60_000;
// Issue 39's figures.
const RESIZER_TARGET = { cpuS: 15, cacheFiles: 20, cacheMb: 20 };
const STORYBOARD_TARGET_CPU_S = 2;
const UPSCALE_TARGET_MB = 400;
const AFTER_FUZZ_TARGET_MB = 100;
// The moderation classifier's idle release (3 min, nsfw-classifier.ts) and a margin.
const MODELS_IDLE_MS = 200_000;

const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The decode bomb: a GIF89a with a 1920×1080 logical screen and `frames` frames of one pixel each (graphic
 * control extension, image descriptor, LZW data: clear, index 0, end). About 23 bytes a frame.
 */
const decodeBomb = (width = 1920, height = 1080, frames = 120) => {
  const bytes = [...Buffer.from('GIF89a')];
  const u16 = (n) => [n & 0xff, (n >> 8) & 0xff];
  bytes.push(...u16(width), ...u16(height), 0x80, 0, 0); // global colour table of 2 entries
  bytes.push(0, 0, 0, 255, 255, 255);
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0); // loop forever
  for (let i = 0; i < frames; i += 1) {
    bytes.push(0x21, 0xf9, 4, 0x04, ...u16(2), 0, 0); // 20 ms, keep the frame
    bytes.push(0x2c, ...u16(i % width), ...u16(i % height), ...u16(1), ...u16(1), 0);
    bytes.push(2, 2, 0x44, 0x01, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
};

/** The server process that `node scripts/start.mjs` spawned (its one child). */
const serverPidOf = (startPid) => {
  for (let i = 0; i < 100; i += 1) {
    try {
      const children = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8')
        .trim()
        .split(/\s+/);
      if (children[0]) return Number(children[0]);
    } catch {
      // not there yet
    }
    spawnSync('sleep', ['0.1']);
  }
  throw new Error('no server process under the start script');
};
const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

const api = async (base, token, url, body) => {
  const res = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
};
const upload = async (base, token, url, fields) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.type }), value.name);
  }
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return res.json();
};

const DRAWING = { prompt: '湖边的小木屋，清晨的雾', style: 'watercolor', ratio: '1:1', count: 1 };
/** One drawing of the normal user, from the submit to the task's `succeeded`. */
const timedDrawing = async (base, token) => {
  const started = performance.now();
  const accepted = await api(base, token, '/api/aiDraw/imagine', DRAWING);
  if (accepted.code !== 200) throw new Error(`imagine refused: ${JSON.stringify(accepted)}`);
  const deadline = Date.now() + DRAW_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const task = (await api(base, token, `/api/aiDraw/detail?id=${accepted.result.id}`)).result;
    if (task.status === 'succeeded') return performance.now() - started;
    if (task.status === 'failed' || task.status === 'canceled') throw new Error(`drawing ${task.status}`);
    await sleep(25);
  }
  throw new Error('drawing did not finish in time');
};

// ---- start the product ----
buildProduct();
const dataDir = mkdtempSync(path.join(tmpdir(), 'abuse-bench-'));
const product = await startProduct({ dataDir, stdio: 'ignore' });
const serverPid = serverPidOf(product.child.pid);
let bombs;
let fairness;
let resizer;
let storyboards;
let upscale;
let fuzzed;
try {
  const demo = await login(product.base, '13800000000', 'demo123456');
  const heavy = await login(product.base, '13800000001', 'demo123456');
  // The operator gives the heavy user gold enough for every task it will hold (the seed's 5,000 is not).
  const operator = await login(product.base, 'admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
  const heavyId = JSON.parse(Buffer.from(heavy.split('.')[1], 'base64url').toString()).uid;
  const granted = await api(product.base, operator, '/api/console/users/grant', {
    userId: heavyId,
    kind: 'gold',
    amount: 1_000_000,
    reason: 'abuse bench',
  });
  if (granted.code !== 200) throw new Error(`gold grant refused: ${JSON.stringify(granted)}`);

  await sleep(3000);
  const startRssMb = rssMb(serverPid);

  // ---- 1. decode bombs ----
  const gif = decodeBomb();
  const small = await upload(product.base, demo, '/api/sysCommonInfo/UploadAttachments?category=digital', {
    file: { name: 'warm.gif', type: 'image/gif', data: decodeBomb(2, 2, 1) },
  });
  if (small.code !== 200) console.log(`warm-up upload answered ${small.code}: ${small.message}`);
  await sleep(3000);
  const before = median([
    rssMb(serverPid),
    (await sleep(100), rssMb(serverPid)),
    (await sleep(100), rssMb(serverPid)),
  ]);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        peak = Math.max(peak, rssMb(serverPid));
      } catch {
        break; // the process died
      }
      await sleep(10);
    }
  })();
  const health = [];
  const prober = (async () => {
    while (sampling) {
      const t = performance.now();
      try {
        await fetch(`${product.base}/healthz`);
        health.push(performance.now() - t);
      } catch {
        health.push(Infinity);
      }
      await sleep(100);
    }
  })();
  const burstStarted = performance.now();
  const answers = await Promise.all(
    Array.from({ length: BOMBS }, (_, i) =>
      upload(product.base, demo, '/api/sysCommonInfo/UploadAttachments?category=digital', {
        file: { name: `bomb-${i}.gif`, type: 'image/gif', data: gif },
      }).catch((error) => ({ code: 'network', message: String(error) })),
    ),
  );
  const burstMs = performance.now() - burstStarted;
  await sleep(1000);
  sampling = false;
  await Promise.all([sampler, prober]);
  const statuses = {};
  for (const a of answers) {
    const key = `${a.code}${a.extras?.error ? ` ${a.extras.error}` : ''}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  bombs = {
    gifBytes: gif.length,
    uploads: BOMBS,
    statuses,
    rssBeforeMb: round(before),
    rssPeakMb: round(peak),
    growthMb: round(peak - before),
    burstMs: round(burstMs),
    healthzMaxMs: round(Math.max(...health)),
    healthzMedianMs: round(median(health)),
    met: peak - before < MEMORY_TARGET_MB,
  };
  console.log(
    `decode bombs: RSS ${bombs.rssBeforeMb} → ${bombs.rssPeakMb} MB (+${bombs.growthMb} MB), answers ${JSON.stringify(statuses)}`,
  );
  await sleep(2000);

  // ---- 3–6 (issue 39): the resizer, a 0-gold user's storyboards, the ×4 upscale, the memory after a fuzz ----
  resizer = await resizerCost({ base: product.base, token: demo, pid: serverPid, dataDir });
  resizer.met =
    resizer.cpuS <= RESIZER_TARGET.cpuS &&
    resizer.cacheFiles <= RESIZER_TARGET.cacheFiles &&
    resizer.cacheMb <= RESIZER_TARGET.cacheMb;
  console.log(`resizer: ${JSON.stringify(resizer)}`);
  storyboards = await storyboardCost({ base: product.base, operator, user: demo, pid: serverPid });
  storyboards.met = storyboards.cpuS <= STORYBOARD_TARGET_CPU_S && (storyboards.goldAfter ?? 0) >= 0;
  console.log(`storyboards at 0 gold: ${JSON.stringify(storyboards)}`);
  const demoId = JSON.parse(Buffer.from(demo.split('.')[1], 'base64url').toString()).uid;
  await api(product.base, operator, '/api/console/users/grant', { userId: demoId, kind: 'gold', amount: 10_000, reason: 'abuse bench' });
  upscale = await upscalePeak({ base: product.base, token: heavy, pid: serverPid });
  upscale.met = upscale.outcome === 'succeeded' && upscale.growthMb <= UPSCALE_TARGET_MB;
  console.log(`upscale ×4 of 1024²: ${JSON.stringify(upscale)}`);
  // The fuzz's signed-in half as the operator, so that the rate limits it meets are not the drawing users'.
  fuzzed = await fuzz({ base: product.base, token: operator });
  await sleep(15_000);
  fuzzed.startRssMb = round(startRssMb);
  fuzzed.rightAfterRssMb = round(rssMb(serverPid));
  // "Returns to": the picture classifier a moderated upload loaded is released after MODELS_IDLE_MS without
  // pictures, as the product does at rest; the figure is the RSS once that time has passed.
  await sleep(MODELS_IDLE_MS);
  fuzzed.afterRssMb = round(rssMb(serverPid));
  fuzzed.growthMb = round(fuzzed.afterRssMb - startRssMb);
  fuzzed.met = fuzzed.growthMb <= AFTER_FUZZ_TARGET_MB && !Object.keys(fuzzed.statuses).some((k) => k.endsWith('!'));
  console.log(`after the fuzz: ${JSON.stringify(fuzzed)}`);
  // The fuzz came from this one address; the per-address rate windows (a minute) passed during the wait above.

  // ---- 2. a normal user's drawing, idle and while another user holds every capability's maximum ----
  const idle = [];
  for (let i = 0; i < RUNS; i += 1) idle.push(await timedDrawing(product.base, demo));
  console.log(`idle drawing: ${idle.map((t) => round(t)).join(', ')} ms`);

  const script = '今天天气很好。我们去公园散步。';
  const speech = path.join(dataDir, 'speech.wav');
  spawnSync('espeak-ng', ['-v', 'cmn', '-w', speech, script]);
  const audio = readFileSync(speech);
  const submitters = {
    drawing: () => api(product.base, heavy, '/api/aiDraw/imagine', { ...DRAWING, count: 4 }),
    dubbing: () =>
      api(product.base, heavy, '/api/textToSpeech/add', {
        text: '春天来了，公园里的花都开了。孩子们在草地上奔跑，老人们坐在长椅上聊天。湖面上有几只小船，远处传来鸟叫声。'.repeat(
          3,
        ),
        voice: 'espeak-cmn-f3',
        speed: 100,
      }),
    subtitles: () =>
      upload(product.base, heavy, '/api/audioToSrt/add', {
        text: script,
        file: { name: 'speech.wav', type: 'audio/wav', data: audio },
      }),
    video: () =>
      api(product.base, heavy, '/api/articleToVideo/add', {
        templateId: 'talk-vertical',
        voice: 'espeak-cmn-f3',
        speed: 100,
        title: '周末去爬山',
        text: '周末我们去爬山。山上的风景很美，空气也很清新。我们在山顶吃了午饭，看着云慢慢飘过。下山的时候太阳已经落山了。',
        bgmId: null,
        imageSource: 'draw',
      }),
  };
  /** Submits the heavy user's tasks of every capability until the server refuses with too_many_tasks. */
  const fill = async () => {
    const held = {};
    for (const [capability, submit] of Object.entries(submitters)) {
      let accepted = 0;
      let refusal = null;
      for (let i = 0; i < 20 && !refusal; i += 1) {
        const answer = await submit();
        if (answer.code === 200) accepted += 1;
        else refusal = answer;
      }
      held[capability] = {
        accepted,
        refusedWith: refusal ? `${refusal.code} ${refusal.extras?.error ?? ''}`.trim() : 'never refused',
        message: refusal?.message ?? null,
      };
    }
    return held;
  };
  const loaded = [];
  const fills = [];
  for (let i = 0; i < RUNS; i += 1) {
    fills.push(await fill());
    loaded.push(await timedDrawing(product.base, demo));
  }
  console.log(`drawing while another user holds every limit: ${loaded.map((t) => round(t)).join(', ')} ms`);
  const idleMs = median(idle);
  const loadedMs = median(loaded);
  fairness = {
    runs: RUNS,
    idleMs: idle.map((t) => round(t)),
    loadedMs: loaded.map((t) => round(t)),
    idleMedianMs: round(idleMs),
    loadedMedianMs: round(loadedMs),
    ratio: round(loadedMs / idleMs, 2),
    held: fills[0],
    topUps: fills.slice(1).map((f) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.accepted]))),
    met: loadedMs <= SLOWDOWN_TARGET * idleMs,
  };
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const at = new Date().toISOString();
const machine = `Node ${process.version} · ${cpus().length} CPUs, load average ${round(loadavg()[0], 2)}`;
const verdict = (met) => (met ? 'met' : 'NOT met');
mkdirSync(path.join(dir, 'results'), { recursive: true });
writeFileSync(
  path.join(dir, 'results/abuse.json'),
  `${JSON.stringify({ at, machine, bombs, fairness, resizer, storyboards, upscale, fuzzed }, null, 2)}\n`,
);
writeFileSync(
  path.join(dir, 'results/abuse.md'),
  `# Hostile input benchmark

${at} · ${machine}

The product started as \`npm start\` starts it (embedded database, local files, jobs in the API process,
JOB_CONCURRENCY at its default).

| measure | result | target | |
| --- | ---: | ---: | --- |
| API process RSS growth under ${bombs.uploads} parallel decode-bomb uploads | +${bombs.growthMb} MB (${bombs.rssBeforeMb} → ${bombs.rssPeakMb} MB) | under +${MEMORY_TARGET_MB} MB | ${verdict(bombs.met)} |
| a normal user's drawing while another user holds every limit, against idle (medians) | ${fairness.loadedMedianMs} ms vs ${fairness.idleMedianMs} ms: ${fairness.ratio}× | within ${SLOWDOWN_TARGET}× | ${verdict(fairness.met)} |
| the resizer: server CPU for ${resizer.requests} anonymous resizes at random sizes 1500–2000 | ${resizer.cpuS} s (in ${resizer.wallS} s) | at most ${RESIZER_TARGET.cpuS} s | ${verdict(resizer.cpuS <= RESIZER_TARGET.cpuS)} |
| the resizer's cache on disk afterwards | ${resizer.cacheFiles} files, ${resizer.cacheMb} MB | at most ${RESIZER_TARGET.cacheFiles} files, ${RESIZER_TARGET.cacheMb} MB | ${verdict(resizer.cacheFiles <= RESIZER_TARGET.cacheFiles && resizer.cacheMb <= RESIZER_TARGET.cacheMb)} |
| three 1,400-character storyboards by a user with 0 gold: gold charged / server CPU | ${storyboards.goldBefore} → ${storyboards.goldAfter} gold / ${storyboards.cpuS} s (${storyboards.answers.join('; ')}) | never below 0 gold / at most ${STORYBOARD_TARGET_CPU_S} s | ${verdict(storyboards.met)} |
| one ×4 upscale of 1024² (→ 4096²): server RSS peak over its rest | +${upscale.growthMb} MB (${upscale.restMb} → ${upscale.peakMb} MB, ${upscale.outcome} in ${upscale.wallS} s; ${upscale.afterMb} MB 5 s later) | at most +${UPSCALE_TARGET_MB} MB | ${verdict(upscale.met)} |
| server RSS after all of the above and a ${fuzzed.requests}-request fuzz, once the models' idle time passed, over its start | +${fuzzed.growthMb} MB (${fuzzed.startRssMb} → ${fuzzed.afterRssMb} MB; ${fuzzed.rightAfterRssMb} MB 15 s after the fuzz; answers ${JSON.stringify(fuzzed.statuses)}) | at most +${AFTER_FUZZ_TARGET_MB} MB, no 5xx | ${verdict(fuzzed.met)} |

## 1. Decode bombs

A ${bombs.gifBytes}-byte GIF (1920×1080 canvas, 120 one-pixel frames) uploaded ${bombs.uploads} times at once to
\`POST /api/sysCommonInfo/UploadAttachments?category=digital\` by the logged-in demo user. The server process's RSS
was sampled every 10 ms from before the burst until 1 s after the last answer.

- answers: ${Object.entries(bombs.statuses)
    .map(([k, v]) => `${v} × ${k}`)
    .join(', ')}
- the burst took ${bombs.burstMs} ms
- \`/healthz\` meanwhile: median ${bombs.healthzMedianMs} ms, slowest ${bombs.healthzMaxMs} ms

## 2. A drawing while another user holds every limit

The normal demo user's drawing (one 1:1 image, submit → \`succeeded\`, polled every 25 ms), ${fairness.runs} times on
the idle server, then ${fairness.runs} times right after the VIP demo user submitted tasks of every capability until
the server refused each with 429 (topped up again before each run).

| | runs | median |
| --- | --- | ---: |
| idle | ${fairness.idleMs.join(', ')} ms | ${fairness.idleMedianMs} ms |
| another user at every limit | ${fairness.loadedMs.join(', ')} ms | ${fairness.loadedMedianMs} ms |

What the other user held before the first loaded run:

| capability | accepted | then | message |
| --- | ---: | --- | --- |
${Object.entries(fairness.held)
  .map(([k, v]) => `| ${k} | ${v.accepted} | ${v.refusedWith} | ${v.message ?? ''} |`)
  .join('\n')}

Top-ups before the later runs (tasks accepted per capability): ${JSON.stringify(fairness.topUps)}.
`,
);
console.log(
  `abuse bench: memory ${verdict(bombs.met)}, fairness ${verdict(fairness.met)}, resizer ${verdict(resizer.met)}, storyboards ${verdict(storyboards.met)}, upscale ${verdict(upscale.met)}, after the fuzz ${verdict(fuzzed.met)}`,
);
