// A million users (issue 26): every read a user or an operator makes, measured on a fresh demo-seeded database
// and on one loaded with the full volume (bench/scale-load.mjs), back to back, against the product exactly as
// `npm start` runs it on PostgreSQL. Writes bench/results/scale.json and .md with requests/s and latency of
// each read on both, the ratio big/demo against the targets, the restart time on each, and the plan
// (EXPLAIN ANALYZE, BUFFERS) of every statement each read runs on the big database.
//
// Usage: node bench/scale.bench.mjs [scale]   (scale 1 = the full volume; BENCH_SCALE works too)
// Env: BENCH_DATABASE_URL (a PostgreSQL superuser URL; default TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/postgres; two databases are created and dropped), BENCH_DURATION
// (seconds per read, default 10), BENCH_CONNECTIONS (default 16), BENCH_KEEP=true keeps the databases,
// BENCH_SKIP_BUILD=true.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildProduct, login, startProduct } from './server-build.mjs';
import { fillDemoPages, loadVolume } from './scale-load.mjs';
import { explain, isRead, startCapture } from './pg-capture.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const SCALE = Number(process.argv[2] ?? process.env.BENCH_SCALE ?? 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const log = (...args) => console.log('[scale bench]', ...args);

const databaseUrl = (name) => {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

const call = async (base, method, url, body, token) => {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, envelope: await res.json().catch(() => null) };
};
/**
 * The reads, as the web app and the console send them. `user` reads have the ratio and p99 targets;
 * `console` reads a p50 target; `single` ones are timed one request at a time (too slow to load, or refused).
 */
const READS = [
  {
    name: 'plaza newest, page 1',
    who: 'user',
    method: 'POST',
    url: '/api/sysArticle/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'plaza, page 50',
    who: 'user',
    method: 'POST',
    url: '/api/sysArticle/page',
    body: { page: 50, pageSize: 20 },
  },
  {
    name: 'plaza, page 5000',
    who: 'user',
    single: true,
    method: 'POST',
    url: '/api/sysArticle/page',
    body: { page: 5000, pageSize: 20 },
  },
  {
    name: 'plaza page 1 while another user likes/unlikes every 250 ms',
    who: 'user',
    liking: true,
    method: 'POST',
    url: '/api/sysArticle/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'drawing works hall',
    who: 'user',
    method: 'POST',
    url: '/api/aiDraw/page',
    body: { scope: 'hall', page: 1, pageSize: 20 },
  },
  {
    name: 'my drawings',
    who: 'user',
    method: 'POST',
    url: '/api/aiDraw/page',
    body: { scope: 'mine', page: 1, pageSize: 20 },
  },
  {
    name: 'message centre',
    who: 'user',
    method: 'POST',
    url: '/api/sysIMMessage/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'bills',
    who: 'user',
    method: 'POST',
    url: '/api/sysGoldPackageBill/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'dubbing list',
    who: 'user',
    method: 'POST',
    url: '/api/textToSpeech/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'subtitle list',
    who: 'user',
    method: 'POST',
    url: '/api/audioToSrt/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'video list',
    who: 'user',
    method: 'POST',
    url: '/api/articleToVideo/page',
    body: { page: 1, pageSize: 20 },
  },
  { name: 'chat history', who: 'user', method: 'GET', url: '/api/sysMessage/history?page=1&pageSize=20' },
  { name: 'console dashboard', who: 'console', method: 'GET', url: '/api/console/dashboard' },
  {
    name: 'console orders list',
    who: 'console',
    method: 'POST',
    url: '/api/console/orders/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'console audit log',
    who: 'console',
    method: 'POST',
    url: '/api/console/audit/page',
    body: { page: 1, pageSize: 20 },
  },
  {
    name: 'console user search (nickname)',
    who: 'console',
    method: 'POST',
    url: '/api/console/users/page',
    body: { page: 1, pageSize: 20, keyword: '创作家' },
  },
  {
    name: 'console user search (exact phone)',
    who: 'console',
    method: 'POST',
    url: '/api/console/users/page',
    body: { page: 1, pageSize: 20, keyword: '15000001234' },
  },
];

const load = (base, read, token) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + read.url,
        method: read.method,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'br, gzip',
          ...(read.body ? { 'content-type': 'application/json' } : {}),
        },
        body: read.body ? JSON.stringify(read.body) : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false });
  });

/** How many rows a page answered (null for an answer that is not a page). */
const itemCount = (envelope) => {
  const result = envelope?.result;
  const items = Array.isArray(result) ? result : (result?.items ?? result?.list ?? null);
  return Array.isArray(items) ? items.length : null;
};

/** One request at a time, three times: the median time and the answer's status. */
const timeSingle = async (base, read, token) => {
  const times = [];
  let status = 0;
  let error = null;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const answer = await call(base, read.method, read.url, read.body, token);
    times.push(performance.now() - started);
    status = answer.status;
    error = answer.envelope?.extras?.error ?? null;
  }
  times.sort((a, b) => a - b);
  return { single: true, ms: Math.round(times[1]), status, error };
};

/** Another user likes and unlikes one listed work every 250 ms while `during` runs. */
const whileLiking = async (base, token, during) => {
  const { envelope } = await call(base, 'POST', '/api/sysArticle/page', { page: 1, pageSize: 1 }, token);
  const articleId = envelope.result.items[0].id;
  let running = true;
  let toggles = 0;
  const liker = (async () => {
    for (let liked = false; running; liked = !liked) {
      await call(
        base,
        'POST',
        liked ? '/api/sysLikeRecord/cancelLike' : '/api/sysLikeRecord/add',
        { articleId },
        token,
      );
      toggles += 1;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    return { result: await during(), toggles };
  } finally {
    running = false;
    await liker;
  }
};

const measureReads = async (base, label) => {
  const user = await login(base, '13800000000', 'demo123456');
  const other = await login(base, '13800000001', 'demo123456');
  const operator = await login(base, 'admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
  const results = {};
  for (const read of READS) {
    const token = read.who === 'console' ? operator : user;
    const probe = await call(base, read.method, read.url, read.body, token);
    if (read.single) {
      results[read.name] = await timeSingle(base, read, token);
    } else {
      const run = read.liking
        ? await whileLiking(base, other, () => load(base, read, token))
        : { result: await load(base, read, token) };
      const r = run.result;
      results[read.name] = {
        status: probe.status,
        items: itemCount(probe.envelope),
        rps: Math.round(r.requests.average * 10) / 10,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        ...(run.toggles !== undefined ? { likeToggles: run.toggles } : {}),
      };
    }
    const shown = results[read.name];
    log(
      `${label} · ${read.name}: ${shown.single ? `${shown.ms} ms (HTTP ${shown.status}${shown.error ? ` ${shown.error}` : ''})` : `${shown.rps} req/s, p50 ${shown.p50} ms, p99 ${shown.p99} ms, HTTP ${shown.status}`}`,
    );
  }
  return results;
};

/** Every read once through the capture relay; the plan of each statement it ran, on the big database. */
const capturePlans = async (dataDir, url) => {
  const capture = await startCapture(url);
  const server = await startProduct({ dataDir, databaseUrl: capture.url, stdio: 'ignore' });
  const plans = {};
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const user = await login(server.base, '13800000000', 'demo123456');
    const operator = await login(server.base, 'admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
    // Session checks and start-up work are not the reads' own statements.
    await new Promise((r) => setTimeout(r, 500));
    capture.take();
    for (const read of READS) {
      if (read.liking) continue;
      await call(server.base, read.method, read.url, read.body, read.who === 'console' ? operator : user);
      const statements = capture.take().filter((s) => isRead(s.sql));
      plans[read.name] = [];
      const seen = new Set();
      for (const statement of statements) {
        if (seen.has(statement.sql)) continue;
        seen.add(statement.sql);
        plans[read.name].push({
          sql: statement.sql,
          plan: await explain(client, statement).catch((error) => `(no plan: ${error.message})`),
        });
      }
    }
  } finally {
    await client.end();
    await server.stop();
    await capture.close();
  }
  return plans;
};

/** Start to healthy, on an already migrated and seeded database: what a deploy or a crash costs. */
const timeRestart = async (dataDir, url) => {
  const started = performance.now();
  const server = await startProduct({ dataDir, databaseUrl: url, stdio: 'ignore' });
  return { server, ms: Math.round(performance.now() - started) };
};

const main = async () => {
  buildProduct(log);
  const tag = `${process.pid}`;
  const names = { demo: `scale_demo_${tag}`, big: `scale_big_${tag}` };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scale-bench-'));
  const results = {
    scale: SCALE,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    date: new Date().toISOString(),
  };
  const loads = [];
  const sampleLoad = setInterval(() => loads.push(loadavg()[0]), 5000);
  try {
    for (const name of Object.values(names)) await admin(`CREATE DATABASE ${name}`);
    // First start on each: migrations and the demo seed, as `npm start` does.
    for (const [key, name] of Object.entries(names)) {
      const first = await startProduct({
        dataDir: path.join(dataDir, key),
        databaseUrl: databaseUrl(name),
        stdio: 'ignore',
      });
      await first.stop();
    }
    // Both sides answer a full page: the demo seed leaves the demo user's lists empty (see fillDemoPages).
    const filler = new pg.Client({ connectionString: databaseUrl(names.demo) });
    await filler.connect();
    await fillDemoPages(filler).finally(() => filler.end());
    log(`loading the volume at scale ${SCALE} into ${names.big}`);
    const loader = new pg.Client({ connectionString: databaseUrl(names.big) });
    await loader.connect();
    const loadStarted = Date.now();
    const loaded = await loadVolume(loader, SCALE, log);
    const size = (await loader.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`))
      .rows[0].size;
    await loader.end();
    results.load = {
      seconds: (Date.now() - loadStarted) / 1000,
      size,
      volume: loaded.volume,
      steps: loaded.steps,
    };
    log(`loaded in ${results.load.seconds.toFixed(0)} s, database ${size}`);

    for (const key of ['demo', 'big']) {
      const { server, ms } = await timeRestart(path.join(dataDir, key), databaseUrl(names[key]));
      log(`${key}: restart in ${ms} ms`);
      try {
        results[key] = { restartMs: ms, reads: await measureReads(server.base, key) };
      } finally {
        await server.stop();
      }
    }
    results.plans = await capturePlans(path.join(dataDir, 'big'), databaseUrl(names.big));
  } finally {
    clearInterval(sampleLoad);
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== 'true') {
      for (const name of Object.values(names))
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    }
  }
  results.machine = {
    cpus: cpus().length,
    loadAverage: loads.length
      ? Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 10) / 10
      : null,
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'scale.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'scale.md'), report(results));
  log('results in bench/results/scale.md');
};

const verdict = (ok) => (ok ? 'met' : '**missed**');

const report = (r) => {
  const lines = [
    '# A million users: reads at volume',
    '',
    `Measured ${r.date} by \`node bench/scale.bench.mjs ${r.scale}\`: the product as \`npm start\` runs it on PostgreSQL,`,
    `a fresh demo-seeded database and one loaded with the volume at scale ${r.scale} (${r.load.size}, loaded in ${r.load.seconds.toFixed(0)} s),`,
    `back to back; autocannon, ${r.connections} connections, ${r.durationSeconds} s per read, as the demo user 13800000000 (a heavy`,
    'user at volume) and the operator.',
    '',
    `Machine: ${r.machine.cpus} CPUs, mean 1-minute load average ${r.machine.loadAverage} during the run (the bench, PostgreSQL`,
    'and the product share these cores; a load above their count means other work ran alongside).',
    '',
    '## Volume',
    '',
    '| table | rows | seconds |',
    '| --- | ---: | ---: |',
    ...r.load.steps.map((s) => `| ${s.name} | ${s.rows.toLocaleString('en')} | ${s.seconds.toFixed(1)} |`),
    '',
    '## Reads',
    '',
    'Targets: a user read keeps ≥ 0.5× its demo-size req/s with p99 ≤ 100 ms; plaza page 5000 answers within',
    '150 ms or is refused clearly; page 1 while another user likes every 250 ms keeps ≥ 0.5× its rate without;',
    'console reads p50 ≤ 300 ms.',
    '',
    "The demo database is the demo seed plus one full page of the demo user's own work in each per-user list and",
    'the works hall (`fillDemoPages`): the seed leaves those lists empty, and an empty page against a full one',
    "would measure the page's fill, not the table's growth. \"rows\" is how many rows each side's page answered.",
    '',
    '| read | rows (demo / big) | demo req/s (p50 / p99 ms) | big req/s (p50 / p99 ms) | big / demo | target |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ];
  const plain = r.big.reads['plaza newest, page 1'];
  for (const read of READS) {
    const demo = r.demo.reads[read.name];
    const big = r.big.reads[read.name];
    if (read.single) {
      const ok = big.status === 400 || big.ms <= 150;
      lines.push(
        `| ${read.name} | | ${demo.ms} ms (HTTP ${demo.status}) | ${big.ms} ms (HTTP ${big.status}${big.error ? ` \`${big.error}\`` : ''}) | | ${verdict(ok)} |`,
      );
      continue;
    }
    const ratio = demo.rps ? big.rps / demo.rps : 0;
    let ok;
    if (read.who === 'console') ok = big.p50 <= 300;
    else if (read.liking) ok = big.rps >= 0.5 * plain.rps && big.p99 <= 100;
    else ok = ratio >= 0.5 && big.p99 <= 100;
    lines.push(
      `| ${read.name} | ${demo.items ?? '–'} / ${big.items ?? '–'} | ${demo.rps} (${demo.p50} / ${demo.p99}) | ${big.rps} (${big.p50} / ${big.p99}) | ${ratio.toFixed(2)} | ${verdict(ok)}${big.non2xx ? ` (${big.non2xx} non-2xx)` : ''} |`,
    );
  }
  lines.push(
    '',
    `Restart (start to healthy): demo ${r.demo.restartMs} ms, big ${r.big.restartMs} ms, ratio ${(r.big.restartMs / r.demo.restartMs).toFixed(2)} (target ≤ 2: ${verdict(r.big.restartMs <= 2 * r.demo.restartMs)}).`,
    '',
    '## Plans on the big database',
    '',
    'Every statement each read ran (captured from the wire between the product and PostgreSQL), with its real',
    'parameters, under `EXPLAIN (ANALYZE, BUFFERS)`.',
  );
  for (const [name, statements] of Object.entries(r.plans)) {
    lines.push('', `### ${name}`);
    for (const { sql, plan } of statements)
      lines.push('', '```sql', sql.trim(), '```', '', '```', plan, '```');
  }
  return `${lines.join('\n')}\n`;
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
