// Hot reads under load (issue 15 point 5): the product started exactly as `npm start` starts it (production mode,
// default logging, demo seed, embedded PGlite on disk), and, in the same run, a bare Fastify server answering
// the very same bytes (bench/bare-server.mjs). autocannon, 64 connections on loopback, a warm-up then 8 s per
// read, browser-like `Accept-Encoding`. Reported: requests/s of both, their ratio, p50/p99, errors.
// Targets: app_config and baseInfo ≥ 0.5 of bare, the logged-in plaza page ≥ 0.3; p99 ≤ 25 ms; 0 errors.
//
// Env: BENCH_DATABASE_URL (or TEST_DATABASE_URL): also run on PostgreSQL (a fresh database is created there
// and dropped); BENCH_SHORT=true (1 s warm-up, 2 s per read: for trying it, not for results);
// BENCH_DURATION, BENCH_CONNECTIONS; BENCH_SKIP_BUILD=true.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildProduct, login, startProduct } from './server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const SHORT = process.env.BENCH_SHORT === 'true';
const DURATION = Number(process.env.BENCH_DURATION ?? (SHORT ? 2 : 8));
const WARMUP = SHORT ? 1 : 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const WORKS = 60;
const TARGETS = { p99Ms: 25 };
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9' };

const log = (...args) => console.log('[api bench]', ...args);
const loadNow = () => loadavg().map((l) => Number(l.toFixed(2)));

const api = async (base, url, body, token) => {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.code !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(envelope.message)}`);
  return envelope.result;
};

/** The plaza as users see it: WORKS works by the two demo accounts, some liked by the bench's caller. */
const seedPlaza = async (base) => {
  const demo = await login(base, '13800000000', 'demo123456');
  const vip = await login(base, '13800000001', 'demo123456');
  const { total } = await api(base, '/api/sysArticle/page', { page: 1, pageSize: 1 }, demo);
  const ids = [];
  for (let i = total; i < WORKS; i += 1) {
    const { id } = await api(
      base,
      '/api/sysArticle/add',
      {
        title: `压测作品 ${i}：用 AI 记录生活的第 ${i} 天`,
        content: `## 第 ${i} 篇\n\n今天用 **AI** 写了一段文案，又画了一张图。\n\n- 要点一\n- 要点二`,
        categoryId: [1, 3, 4][i % 3],
        images: ['/static/plaza/spring-blossom.png', '/static/plaza/tea.png'],
      },
      i % 2 ? vip : demo,
    );
    ids.push(id);
  }
  for (const articleId of ids.filter((_, i) => i % 3 === 0)) await api(base, '/api/sysLikeRecord/add', { articleId }, demo);
  return demo;
};

const readsFor = (token) => [
  {
    name: 'GET /api/sysDictData/dataList/app_config',
    target: 0.5,
    method: 'GET',
    path: '/api/sysDictData/dataList/app_config',
    headers: BROWSER_HEADERS,
  },
  {
    name: 'GET /api/sysUser/baseInfo',
    target: 0.5,
    method: 'GET',
    path: '/api/sysUser/baseInfo',
    headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` },
  },
  {
    name: 'POST /api/sysArticle/page (logged in, 20 works)',
    target: 0.3,
    method: 'POST',
    path: '/api/sysArticle/page',
    headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, pageSize: 20 }),
  },
];

/** One request with node:http, so the answer's bytes come as sent (fetch would decompress them). */
const rawAnswer = (base, read) =>
  new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${read.path}`, { method: read.method, headers: read.headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(read.body);
  });

/** The bare reference server, answering each read with the bytes the product answered. */
const startBare = async (answers, dir) => {
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs'), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /port (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
};

const load = async (base, read) => {
  const options = { url: base + read.path, method: read.method, headers: read.headers, body: read.body, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARMUP });
  const result = await autocannon({ ...options, duration: DURATION });
  await new Promise((r) => setTimeout(r, 300)); // let the last answers drain before the next run
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

const benchDatabase = async ({ label, databaseUrl }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-bench-'));
  const product = await startProduct({ dataDir, databaseUrl });
  let bare;
  try {
    const token = await seedPlaza(product.base);
    const reads = readsFor(token);
    const answers = [];
    for (const read of reads) {
      const answer = await rawAnswer(product.base, read);
      if (answer.status !== 200) throw new Error(`${read.name}: ${answer.status} ${answer.body}`);
      const headers = Object.fromEntries(
        ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control']
          .filter((h) => answer.headers[h] !== undefined)
          .map((h) => [h, answer.headers[h]]),
      );
      answers.push({ method: read.method, path: read.path, headers, bodyBase64: answer.body.toString('base64') });
      read.answer = { bytes: answer.body.length, contentEncoding: answer.headers['content-encoding'] ?? 'identity' };
    }
    bare = await startBare(answers, dataDir);
    const runs = [];
    for (const read of reads) {
      const productRun = await load(product.base, read);
      const bareRun = await load(bare.base, read);
      const ratio = Number((productRun.requestsPerSecond / bareRun.requestsPerSecond).toFixed(3));
      const run = {
        read: read.name,
        answer: read.answer,
        product: productRun,
        bare: bareRun,
        ratio,
        targets: { ratio: read.target, p99Ms: TARGETS.p99Ms },
        pass: ratio >= read.target && productRun.latencyMs.p99 <= TARGETS.p99Ms && productRun.errors === 0 && productRun.non2xx === 0,
      };
      runs.push(run);
      log(
        `${label} · ${read.name}: ${productRun.requestsPerSecond} req/s vs bare ${bareRun.requestsPerSecond} (ratio ${ratio}), p99 ${productRun.latencyMs.p99} ms, errors ${productRun.errors}/${productRun.non2xx}`,
      );
    }
    return { database: label, runs };
  } finally {
    await bare?.stop();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const benchPostgres = async () => {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL not reachable at ${PG_URL} (${error.message}); skipped`);
    return { database: 'postgres', skipped: `not reachable: ${error.message}` };
  }
  const name = `bench_api_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query('SHOW server_version')).rows[0].server_version;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await benchDatabase({ label: `PostgreSQL ${version}`, databaseUrl: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
};

const toMarkdown = (report) => {
  const lines = [
    '# Hot reads: the product against bare Fastify',
    '',
    `Run ${report.time}${report.short ? ' (**short mode: not a result**)' : ''} on ${report.machine}.`,
    `Load average before: ${report.loadBefore.join(' / ')}; after: ${report.loadAfter.join(' / ')} (1 / 5 / 15 min; other work on the machine lowers every number).`,
    '',
    `Setup: ${report.setup}`,
    '',
    '| database | read | answer | product req/s | bare req/s | ratio (target) | p50 ms | p99 ms (≤ 25) | errors / non-2xx | pass |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const db of report.databases) {
    if (db.skipped) {
      lines.push(`| ${db.database} | skipped: ${db.skipped} | | | | | | | | |`);
      continue;
    }
    for (const r of db.runs) {
      lines.push(
        `| ${db.database} | \`${r.read}\` | ${r.answer.bytes} B ${r.answer.contentEncoding} | ${r.product.requestsPerSecond} | ${r.bare.requestsPerSecond} | **${r.ratio}** (≥ ${r.targets.ratio}) | ${r.product.latencyMs.p50} | ${r.product.latencyMs.p99} | ${r.product.errors} / ${r.product.non2xx} | ${r.pass ? 'yes' : '**no**'} |`,
      );
    }
  }
  lines.push('', 'Bare Fastify p99 for comparison:', '');
  for (const db of report.databases) for (const r of db.runs ?? []) lines.push(`- ${db.database} · \`${r.read}\`: p50 ${r.bare.latencyMs.p50} ms, p99 ${r.bare.latencyMs.p99} ms`);
  return `${lines.join('\n')}\n`;
};

const main = async () => {
  buildProduct(log);
  const loadBefore = loadNow();
  const databases = [await benchDatabase({ label: 'PGlite (embedded)' })];
  if (PG_URL) databases.push(await benchPostgres());
  else databases.push({ database: 'PostgreSQL', skipped: 'no BENCH_DATABASE_URL or TEST_DATABASE_URL given' });
  const report = {
    benchmark: 'api hot reads',
    time: new Date().toISOString(),
    short: SHORT,
    machine: `${cpus()[0]?.model ?? 'cpu'} ×${cpus().length}, Node ${process.version}`,
    loadBefore,
    loadAfter: loadNow(),
    setup:
      `\`node scripts/start.mjs\` as \`npm start\` runs it (NODE_ENV=production, LOG_LEVEL=info, demo seed, ${WORKS} works on the plaza), ` +
      `and a bare Fastify process answering the same bytes with the same content headers; autocannon in the bench process, ` +
      `${CONNECTIONS} connections on loopback, ${WARMUP} s warm-up then ${DURATION} s per read and server, requests with ` +
      `\`Accept-Encoding: ${BROWSER_HEADERS['accept-encoding']}\` as a browser sends. Ratio = product req/s ÷ bare req/s.`,
    databases,
  };
  if (SHORT) {
    // A try-out: shown, never written over the results.
    console.log(toMarkdown(report));
  } else {
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'api.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(resultsDir, 'api.md'), toMarkdown(report));
    log('results in bench/results/api.json and api.md');
  }
  const failed = databases.some((db) => db.runs?.some((r) => !r.pass));
  process.exit(failed ? 1 : 0);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
