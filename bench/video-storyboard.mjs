// The storyboard run of bench/video.bench.mjs (issue 28 point 6), against the product as `npm start` runs it (the
// built server, an embedded PGlite database in a fresh data folder): a ~300-character article → 生成分镜 → every
// scene's voice and picture made → 开始合成 → done, timed from the create request to the finished video; then one
// scene's line edited → its voice made again → 开始合成 again → done, timed from the edit. Peak resident memory of
// the server's process tree (Node + ffmpeg + espeak-ng) is sampled from /proc throughout.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { login, startProduct } from './server-build.mjs';
import { childrenOf, rssKb, treeKb } from './process-memory.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run worker` beside the API (which then runs no jobs), on the same PostgreSQL database and data folder (the
 * files of a one-machine cluster). Answers once it reports ready.
 */
const startWorker = async ({ dataDir, databaseUrl }) => {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/worker.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', SKIP_SYSTEM_PACKAGES: 'true', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JOBS_IN_API: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('worker ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${out.slice(-500)}`)));
  });
  child.stdout.resume();
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
};


const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the storyboard measure; answers its numbers. `article` is the text to make a video of. With `databaseUrl`
 * and `worker`, the jobs run in `npm run worker` (the process measured) and the API only answers.
 */
export const storyboardRun = async (article, { databaseUrl, worker = false } = {}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'video-storyboard-bench-'));
  const product = await startProduct({
    dataDir,
    databaseUrl,
    stdio: 'ignore',
    env: worker ? { JOBS_IN_API: 'false' } : {},
  });
  const jobs = worker ? await startWorker({ dataDir, databaseUrl }) : null;
  try {
    // The process that renders: the worker, or the server (the start script's child; the script only waits for it).
    const server = jobs ? jobs.child.pid : (childrenOf(product.child.pid)[0] ?? product.child.pid);
    const token = await login(product.base, '13800000000', 'demo123456');
    const call = async (method, url, body) => {
      const res = await fetch(`${product.base}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const envelope = await res.json();
      if (envelope.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(envelope)}`);
      return envelope.result;
    };
    // The operator gives the user gold enough for both renders (the seed's 5,000 pays for one).
    const operator = await login(product.base, 'admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
    const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid;
    const granted = await fetch(`${product.base}/api/console/users/grant`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId, kind: 'gold', amount: 100_000, reason: 'video bench' }),
    }).then((r) => r.json());
    if (granted.code !== 200) throw new Error(`gold grant refused: ${JSON.stringify(granted)}`);
    const options = await call('GET', '/api/articleToVideo/videoTemplate');
    const template = options.templates.find((t) => t.width === 1080 && t.height === 1920);
    if (!template) throw new Error('no 1080×1920 template');
    // The template's music, synthesised once per server on its first use: warmed by its preview, as the form
    // plays it before anyone renders.
    if (template.bgm) await fetch(`${product.base}/api/articleToVideo/bgmPreview?id=${encodeURIComponent(template.bgm)}`).then((r) => r.arrayBuffer());

    // The server at rest (Node with its embedded PGlite database, no job running): what the render adds to.
    await sleep(1000);
    const idleKb = treeKb(server);
    let peakKb = 0;
    let peakNodeKb = 0;
    let peakChildrenKb = 0;
    /** The highest Node-alone reading in each part of the run (scenes made, render, re-render). */
    const peakNodeByPart = {};
    let part = 'scenes';
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const node = rssKb(server);
        const tree = treeKb(server);
        peakKb = Math.max(peakKb, tree);
        peakNodeKb = Math.max(peakNodeKb, node);
        peakNodeByPart[part] = Math.max(peakNodeByPart[part] ?? 0, Math.round(node / 1024));
        peakChildrenKb = Math.max(peakChildrenKb, tree - node);
        await sleep(20);
      }
    })();
    const until = async (check, timeoutMs = 300_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await check();
        if (value) return value;
        if (Date.now() > deadline) throw new Error('timed out');
        await sleep(100);
      }
    };
    const scenesReady = (id) =>
      until(async () => {
        const board = await call('GET', `/api/articleToVideo/storyboard/detail?id=${id}`);
        if (board.scenes.some((s) => s.status === 'failed')) throw new Error('a scene failed');
        return board.scenes.every((s) => s.status === 'ready') ? board : null;
      });
    const rendered = (id) =>
      until(async () => {
        const task = await call('GET', `/api/articleToVideo/detail?id=${id}`);
        if (task.status === 'failed' || task.status === 'canceled') throw new Error(`render ${task.status}: ${JSON.stringify(task.error)}`);
        return task.status === 'succeeded' && !task.storyboard ? task : null;
      });

    // First: create → scenes → render → done.
    const t0 = performance.now();
    const created = await call('POST', '/api/articleToVideo/storyboard/create', {
      text: article,
      templateId: template.value,
      voice: 'espeak-cmn-f3',
      subtitleStyle: 'karaoke',
    });
    const id = created.task.id;
    const board = await scenesReady(id);
    const t1 = performance.now();
    part = 'render';
    await call('POST', '/api/articleToVideo/storyboard/render', { id });
    const first = await rendered(id);
    const t2 = performance.now();

    // Then: one scene's line changed (the middle one) → its voice → render again → done.
    const scene = board.scenes[Math.floor(board.scenes.length / 2)];
    const t3 = performance.now();
    part = 'rerender';
    await call('POST', '/api/articleToVideo/storyboard/editLine', {
      taskId: id,
      sceneId: scene.id,
      line: `${scene.line.replace(/[。！？]$/, '')}，真好。`,
    });
    await scenesReady(id);
    const t4 = performance.now();
    await call('POST', '/api/articleToVideo/storyboard/render', { id });
    const second = await until(async () => {
      const task = await call('GET', `/api/articleToVideo/detail?id=${id}`);
      if (task.status === 'failed') throw new Error(`re-render failed: ${JSON.stringify(task.error)}`);
      const file = (url) => (url ? new URL(url, product.base).pathname : null);
      return task.status === 'succeeded' && !task.storyboard && file(task.videoUrl) !== file(first.videoUrl) ? task : null;
    });
    const t5 = performance.now();
    sampling = false;
    await sampler;
    const ms = (a, b) => Math.round(b - a);
    return {
      template: template.value,
      scenes: board.scenes.length,
      seconds: first.duration,
      secondSeconds: second.duration,
      width: first.width,
      height: first.height,
      firstMs: ms(t0, t2),
      firstSplitMs: { scenes: ms(t0, t1), render: ms(t1, t2) },
      rerenderMs: ms(t3, t5),
      rerenderSplitMs: { scene: ms(t3, t4), render: ms(t4, t5) },
      ratio: Math.round(((t5 - t3) / (t2 - t0)) * 1000) / 1000,
      peakRssMb: Math.round((peakKb / 1024) * 10) / 10,
      idleRssMb: Math.round((idleKb / 1024) * 10) / 10,
      peakNodeRssMb: Math.round((peakNodeKb / 1024) * 10) / 10,
      peakChildrenRssMb: Math.round((peakChildrenKb / 1024) * 10) / 10,
      peakNodeByPartMb: peakNodeByPart,
    };
  } finally {
    await jobs?.stop();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
