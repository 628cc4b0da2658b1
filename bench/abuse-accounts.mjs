// Parts of bench/abuse.bench.mjs (issue 39): the resizer's cost, a 0-gold user's storyboards, the ×4 upscale's
// memory peak and the memory after a fuzz, each against the server process started as `npm start` starts it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const sharp = require('sharp');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** CPU seconds of a process and the children it has waited for (ffmpeg, espeak-ng…), from /proc/<pid>/stat. */
export const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime, stime, cutime, cstime are fields 14–17 of stat (11–14 after the command name).
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Files and bytes under a directory (0 when it does not exist). */
const diskOf = (dir) => {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        files += 1;
        bytes += statSync(p).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
};

const json = async (base, token, url, body) => {
  const res = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
};
const multipart = async (base, token, url, file) => {
  const form = new FormData();
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return res.json();
};

/** A side × side PNG with gradients, edges and a texture (as bench/upscale-measure.mjs draws it). */
const picture = (side) => {
  const raw = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y += 1)
    for (let x = 0; x < side; x += 1) {
      const i = (y * side + x) * 3;
      raw[i] = (x * 255) / side;
      raw[i + 1] = (y * 255) / side;
      raw[i + 2] = ((x >> 4) + (y >> 4)) % 2 ? 210 : 60;
    }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
};

/** 300 anonymous resizes of one stored picture at random sizes 1500–2000: server CPU and the resize cache. */
export const resizerCost = async ({ base, token, pid, dataDir, requests = 300 }) => {
  const stored = await multipart(base, token, '/api/sysCommonInfo/UploadAttachments?category=general', {
    name: 'resize.png',
    type: 'image/png',
    data: await picture(1024),
  });
  if (stored.code !== 200) throw new Error(`upload for the resizer refused: ${JSON.stringify(stored)}`);
  const url = new URL(stored.result.files[0].url, base).pathname;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const statuses = {};
  for (let i = 0; i < requests; i += 4) {
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const w = 1500 + Math.floor(Math.random() * 501);
        const h = 1500 + Math.floor(Math.random() * 501);
        const res = await fetch(`${base}/api/sysFile/imageResize?width=${w}&height=${h}&url=${encodeURIComponent(url)}`);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
  }
  const wallS = (performance.now() - started) / 1000;
  await sleep(500);
  // Local disk keeps the resize cache as private files of DATA_DIR/cache (files.module.ts).
  const cache = diskOf(path.join(dataDir, 'cache', 'private', 'resize'));
  return {
    requests,
    statuses,
    wallS: round(wallS),
    cpuS: round(cpuSeconds(pid) - cpuBefore),
    cacheFiles: cache.files,
    cacheMb: round(cache.bytes / 1048576, 2),
  };
};

const LONG_TEXT = '春天来了，公园里的花都开了。孩子们在草地上奔跑，老人们坐在长椅上聊天。湖面上有几只小船，远处传来鸟叫声。';

/** Three 1,400-character storyboards asked for by a user with 0 gold: what they were charged, the CPU spent. */
export const storyboardCost = async ({ base, operator, user, pid, settleMs = 60_000 }) => {
  const me = await json(base, user, '/api/sysUser/baseInfo');
  const uid = JSON.parse(Buffer.from(user.split('.')[1], 'base64url').toString()).uid;
  const gold = me.result?.gold ?? 0;
  if (gold > 0) await json(base, operator, '/api/console/users/grant', { userId: uid, kind: 'gold', amount: -gold, reason: 'abuse bench: 0 gold' });
  const text = LONG_TEXT.repeat(Math.ceil(1400 / LONG_TEXT.length)).slice(0, 1400);
  const cpuBefore = cpuSeconds(pid);
  const answers = [];
  for (let i = 0; i < 3; i += 1) {
    const created = await json(base, user, '/api/articleToVideo/storyboard/create', {
      text,
      templateId: 'talk-vertical',
      voice: 'espeak-cmn-f3',
      subtitleStyle: 'karaoke',
    });
    answers.push(created.code === 200 ? `200 (${created.result?.scenes?.length ?? '?'} scenes)` : `${created.code} ${created.extras?.error ?? ''}`.trim());
  }
  // Whatever synthesis was started runs in the server's jobs: wait for the CPU to settle.
  const deadline = Date.now() + settleMs;
  let last = cpuSeconds(pid);
  while (Date.now() < deadline) {
    await sleep(3000);
    const now = cpuSeconds(pid);
    if (now - last < 0.3) break;
    last = now;
  }
  const after = await json(base, user, '/api/sysUser/baseInfo');
  return {
    answers,
    goldBefore: 0,
    goldAfter: after.result?.gold ?? null,
    cpuS: round(cpuSeconds(pid) - cpuBefore),
  };
};

/** One ×4 upscale of a 1024² picture the user uploaded, through the API: the server's RSS peak over its rest. */
export const upscalePeak = async ({ base, token, pid, timeoutMs = 15 * 60_000 }) => {
  const uploaded = await multipart(base, token, '/api/aiDraw/uploadImage', { name: 'big.png', type: 'image/png', data: await picture(1024) });
  if (uploaded.code !== 200) throw new Error(`uploadImage refused: ${JSON.stringify(uploaded)}`);
  await sleep(3000);
  const rest = rssMb(pid);
  let peak = rest;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(50);
    }
  })();
  const started = performance.now();
  const asked = await json(base, token, '/api/aiDraw/upscale', { id: uploaded.result.id, imageIndex: 0, scale: 4 });
  if (asked.code !== 200) throw new Error(`upscale refused: ${JSON.stringify(asked)}`);
  let outcome = 'timed out';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const work = (await json(base, token, `/api/aiDraw/detail?id=${uploaded.result.id}`)).result;
    const state = work?.versions?.[0]?.status;
    if (state === 'succeeded' || state === 'failed' || state === 'canceled') {
      outcome = state;
      break;
    }
    await sleep(1000);
  }
  const wallS = (performance.now() - started) / 1000;
  await sleep(5000);
  sampling = false;
  await sampler;
  return { outcome, wallS: round(wallS), restMb: round(rest), peakMb: round(peak), growthMb: round(peak - rest), afterMb: round(rssMb(pid)) };
};

/** Hostile requests at random: bad JSON, wrong types, huge strings, unknown paths, as anyone and as a user. */
export const fuzz = async ({ base, token, requests = 3000 }) => {
  const paths = [
    '/api/sysArticle/page',
    '/api/aiDraw/imagine',
    '/api/sysPay/buyGoldPackage',
    '/api/sysSms/SendCaptcha',
    '/api/sysAuth/phoneLogin',
    '/api/textToSpeech/add',
    '/api/articleToVideo/storyboard/create',
    '/api/sysIMMessage/page',
    '/api/sysLikeRecord/add',
    '/api/sysCoupon/exchange',
    '/api/nothing/here',
  ];
  const junk = () => {
    const pick = Math.random();
    if (pick < 0.2) return '{"broken":';
    if (pick < 0.4) return JSON.stringify({ text: 'x'.repeat(Math.floor(Math.random() * 200_000)), page: -1 });
    if (pick < 0.6) return JSON.stringify({ id: 'NaN', phone: [1, 2], returnUrl: 'file:///etc/passwd', count: 1e9 });
    if (pick < 0.8) return JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i, s: String(i) })));
    return JSON.stringify({ packageId: Math.floor(Math.random() * 100), payMethod: 0 });
  };
  const statuses = {};
  for (let i = 0; i < requests; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const url = paths[Math.floor(Math.random() * paths.length)];
        try {
          const res = await fetch(`${base}${url}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
              ...(Math.random() < 0.5 ? { authorization: `Bearer ${token}` } : {}),
            },
            body: junk(),
          });
          await res.arrayBuffer();
          const key = res.status >= 500 ? `${res.status}!` : String(res.status);
          statuses[key] = (statuses[key] ?? 0) + 1;
        } catch {
          statuses.network = (statuses.network ?? 0) + 1;
        }
      }),
    );
  }
  return { requests, statuses };
};
