// Plaza list under load (issue 6 point 4): `POST /api/sysArticle/page`, 20 works with author and like state for
// a logged-in caller, against the built server on embedded PGlite and on PostgreSQL. Writes requests/s and
// p50/p99 latency to bench/results/plaza.json and .md, with the query plans of the list queries.
//
// Env: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:55432/postgres; a fresh database is created
// and dropped), BENCH_DURATION (seconds per scenario, default 10), BENCH_CONNECTIONS (default 20),
// BENCH_ARTICLES (works added on top of the demo seed, default 3000), BENCH_SKIP_BUILD=true.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildProduct, startProduct } from './server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 3000);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';

const log = (...args) => console.log('[plaza bench]', ...args);

/** The product as `npm start` starts it (scripts/start.mjs: production mode, default logging). */
const startServer = ({ dataDir, databaseUrl }) => startProduct({ dataDir, databaseUrl });
const stopServer = (server) => server.stop();

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

const uidOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid;

/** Adds ARTICLES works from the two demo accounts (three categories), and the caller likes every third. */
const loadData = async (base) => {
  const demo = (await api(base, '/api/sysAuth/login', { account: '13800000000', password: 'demo123456' }))
    .accessToken;
  const vip = (await api(base, '/api/sysAuth/login', { account: '13800000001', password: 'demo123456' }))
    .accessToken;
  const categories = [1, 3, 4];
  const ids = [];
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < ARTICLES) {
      const i = next++;
      const { id } = await api(
        base,
        '/api/sysArticle/add',
        {
          title: `压测作品 ${i}：用 AI 记录生活的第 ${i} 天`,
          content: `## 第 ${i} 篇\n\n今天用 **AI** 写了一段文案，又画了一张图。\n\n- 要点一\n- 要点二`,
          categoryId: categories[i % categories.length],
          images: ['/static/plaza/spring-blossom.png', '/static/plaza/tea.png'],
        },
        i % 2 ? vip : demo,
      );
      ids.push(id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  for (let i = 0; i < ids.length; i += 3) {
    await api(base, '/api/sysLikeRecord/add', { articleId: ids[i] }, i % 2 ? demo : vip);
  }
  const liked = ids.filter((_, i) => i % 3 === 0 && i % 2 === 1);
  await Promise.all(liked.map((articleId) => api(base, '/api/sysLikeRecord/add', { articleId }, demo)));
  log(
    `loaded ${ids.length} works and ${Math.ceil(ids.length / 3) + liked.length} likes in ${Date.now() - started} ms`,
  );
  return { token: demo, uid: uidOf(demo) };
};

const SCENARIOS = [
  { name: 'newest, all categories', body: { page: 1, pageSize: 20 } },
  { name: 'hot, one category', body: { page: 1, pageSize: 20, categoryId: 1, sort: 'hot' } },
  { name: 'newest, page 10', body: { page: 10, pageSize: 20 } },
];

const runLoad = async (base, token, scenario) => {
  const request = {
    url: `${base}/api/sysArticle/page`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(scenario.body),
  };
  // Check the answer once: 20 items, each with author and like state.
  const check = await fetch(request.url, request).then((r) => r.json());
  const items = check.result.items;
  if (items.length !== 20 || !items.every((i) => i.author?.nickName && typeof i.liked === 'boolean')) {
    throw new Error(`unexpected page answer for ${scenario.name}`);
  }
  await autocannon({ ...request, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: DURATION });
  await new Promise((r) => setTimeout(r, 500)); // let the last answers drain before the next step
  return {
    scenario: scenario.name,
    body: scenario.body,
    items: items.length,
    likedOnPage: items.filter((i) => i.liked).length,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
};

/** EXPLAIN ANALYZE of the list queries exactly as the server builds them (built repository, same filters). */
const explainAll = async (db, uid) => {
  const { createPlazaRepository } = await import(
    pathToFileURL(path.join(root, 'apps/server/dist/modules/plaza/plaza.repository.js')).href
  );
  const { blockedAuthorIds } = await import(
    pathToFileURL(path.join(root, 'apps/server/dist/modules/users/user-block.repository.js')).href
  );
  const repo = createPlazaRepository(db);
  const client = db.$client;
  const blocked = await blockedAuthorIds(db, 1, uid);
  const plans = [];
  const base = { page: 1, pageSize: 20, scope: 'plaza', viewerId: uid, blocked, sort: 'newest' };
  const cases = [
    ['page: newest, all categories', base],
    ['page: hot, one category', { ...base, categoryId: 1, sort: 'hot' }],
    ['page: newest, one author (profile)', { ...base, authorId: uid }],
    ['page: my drafts', { ...base, scope: 'drafts' }],
  ];
  for (const [name, filter] of cases) {
    const q = repo.listQuery(1, filter).toSQL();
    const res = await client.query(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${q.sql}`,
      q.params,
    );
    const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
    plans.push({ name, sql: q.sql, plan });
  }
  return plans;
};

const analyze = async (db) => {
  for (const table of ['article', 'article_like', 'app_user', 'article_comment', 'user_block']) {
    await db.$client.query(`ANALYZE ${table}`);
  }
};

const openDatabase = async (options) => {
  const { createDatabase } = await import(
    pathToFileURL(path.join(root, 'apps/server/dist/platform/db/client.js')).href
  );
  return createDatabase(options);
};

const benchPglite = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-'));
  try {
    let server = await startServer({ dataDir });
    const { token, uid } = await loadData(server.base);
    await stopServer(server);
    // Statistics for the planner (PGlite has no autovacuum), then serve again.
    let database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await analyze(database.db);
    await database.close();
    server = await startServer({ dataDir });
    const runs = [];
    for (const scenario of SCENARIOS) runs.push(await runLoad(server.base, token, scenario));
    await stopServer(server);
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const plans = await explainAll(database.db, uid);
    await database.close();
    return { database: 'pglite', runs, plans };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const benchPostgres = async () => {
  const name = `bench_plaza_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL not reachable at ${PG_URL} (${error.message}); skipped`);
    return { database: 'postgres', skipped: `not reachable: ${error.message}` };
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-bench-'));
  try {
    const server = await startServer({ dataDir, databaseUrl: url.toString() });
    const { token, uid } = await loadData(server.base);
    const database = await openDatabase({ databaseUrl: url.toString() });
    await analyze(database.db);
    const runs = [];
    for (const scenario of SCENARIOS) runs.push(await runLoad(server.base, token, scenario));
    await stopServer(server);
    const plans = await explainAll(database.db, uid);
    const version = (await database.db.$client.query('SHOW server_version')).rows[0].server_version;
    await database.close();
    return { database: `postgres ${version}`, runs, plans };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const toMarkdown = (report) => {
  const lines = [
    '# Plaza list benchmark',
    '',
    `\`POST /api/sysArticle/page\`, 20 works per page with author summary and like state for a logged-in caller;`,
    `${report.settings.articles} works added to the demo seed; ${report.settings.connections} connections, ` +
      `${report.settings.durationSeconds} s per scenario (after a 2 s warm-up); the product started as \`npm start\` starts it.`,
    `Run ${report.time} on ${report.machine}.`,
    '',
    '| database | scenario | requests/s | p50 ms | p99 ms | errors / non-2xx |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const db of report.databases) {
    if (db.skipped) {
      lines.push(`| ${db.database} | skipped: ${db.skipped} | | | | |`);
      continue;
    }
    for (const r of db.runs) {
      lines.push(
        `| ${db.database} | ${r.scenario} | ${r.requestsPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} / ${r.non2xx} |`,
      );
    }
  }
  lines.push(
    '',
    'Once warm, the first pages are answered from memory, the caller’s likes included (no query while nothing in',
    'them changes). A page read from the database is the page query (works joined with their authors) and one probe',
    'of `article_like_viewer_idx` for the caller’s likes among its ids; the total is an estimate, counted again at',
    'most once a minute per list. The plans below are the page queries’.',
    '',
  );
  for (const db of report.databases) {
    if (db.skipped) continue;
    lines.push(`## Query plans on ${db.database}`, '');
    for (const p of db.plans) lines.push(`### ${p.name}`, '', '```', p.plan, '```', '');
  }
  return lines.join('\n');
};

const main = async () => {
  buildProduct(log);
  mkdirSync(resultsDir, { recursive: true });
  const databases = [];
  log('PGlite …');
  databases.push(await benchPglite());
  log('PostgreSQL …');
  databases.push(await benchPostgres());
  const os = await import('node:os');
  const report = {
    benchmark: 'plaza page',
    endpoint: 'POST /api/sysArticle/page',
    time: new Date().toISOString(),
    machine: `${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at the end (other work on the machine slows every number)`,
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, articles: ARTICLES, pageSize: 20 },
    databases,
  };
  writeFileSync(path.join(resultsDir, 'plaza.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'plaza.md'), `${toMarkdown(report)}\n`);
  for (const db of databases) {
    for (const r of db.runs ?? []) {
      log(
        `${db.database} · ${r.scenario}: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms`,
      );
    }
  }
  const failed = databases.some((db) => db.runs?.some((r) => r.errors || r.non2xx));
  log(`results in ${path.relative(root, resultsDir)}/plaza.json and plaza.md`);
  process.exit(failed ? 1 : 0);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
