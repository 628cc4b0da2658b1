#!/usr/bin/env node
/**
 * Web bundle and Lighthouse benchmark (issue 3, point 10).
 *
 * 1. Builds the web app (`vite build`, main variant).
 * 2. Serves apps/web/dist from a small static server (gzip, long cache for hashed assets, /api/* → 404
 *    envelope, so pages show their no-data state), as a production host would.
 * 3. For home and plaza, loads the page in Debian's Chromium at phone size and sums the gzip size of the
 *    JavaScript and CSS requested before the page's body first shows (the `page-ready:<path>` mark the
 *    app sets when a route's page has rendered): that is the first screen.
 * 4. Runs Lighthouse (mobile, performance only, default simulated throttling) three times per page on the
 *    same Chromium through its debugging port and keeps the median score.
 * 5. Writes bench/results/web.json and bench/results/web.md.
 *
 * Budget: ≤ 120 KB of JavaScript (gzip) on the first screen, Lighthouse performance ≥ 95.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const resultsDir = join(root, 'bench/results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = { jsGzipKb: 120, performance: 95 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PAGES = [
  { name: 'home', route: '/pages/index/index', needsLogin: true },
  { name: 'plaza', route: '/pages/plaza/index', needsLogin: false },
];
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const build = () => {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};
const gzipCache = new Map();
const gzipOf = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }));
  return gzipCache.get(file);
};

const serve = () =>
  new Promise((resolve) => {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/api/')) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 404, type: 'error', message: 'not found', result: null, extras: { error: 'route_not_found' }, time: new Date().toISOString() }));
        return;
      }
      const path = url.pathname === '/' ? '/index.html' : url.pathname;
      const file = normalize(join(dist, path));
      if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
        res.writeHead(404);
        res.end();
        return;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const compressible = /text|javascript|json|svg|manifest/.test(type);
      const headers = {
        'Content-Type': type,
        'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
        res.end(gzipOf(file));
      } else {
        res.writeHead(200, headers);
        res.end(readFileSync(file));
      }
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token-shaped session so that home (not on the whitelist) opens; the static server checks nothing. */
const benchSession = () => ({
  accessToken: `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ uid: 1, roles: ['user'], exp: Math.floor(Date.now() / 1000) + 86400 })}.${createHash('sha256').update('bench').digest('base64url')}`,
});

const firstScreen = async (context, base, page) => {
  const tab = await context.newPage();
  const client = await context.newCDPSession(tab);
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  await tab.goto(`${base}/#${page.route}`);
  await tab.waitForFunction((route) => performance.getEntriesByName(`page-ready:${route}`).length > 0, page.route, { timeout: 30_000 });
  const { ready, resources, fcp } = await tab.evaluate((route) => ({
    ready: performance.getEntriesByName(`page-ready:${route}`)[0].startTime,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime })),
  }), page.route);
  await tab.close();
  const files = resources
    .filter((r) => r.start <= ready)
    .map((r) => new URL(r.name).pathname)
    .filter((p) => p.endsWith('.js') || p.endsWith('.css'));
  const entry = readFileSync(join(dist, 'index.html'), 'utf8');
  // The entry script and CSS are referenced by index.html itself.
  for (const match of entry.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)) files.push(`/${match[1]}`);
  const unique = [...new Set(files)].filter((p) => existsSync(join(dist, p)));
  const sized = unique.map((p) => ({ file: p.replace(/^\//, ''), gzipBytes: gzipOf(join(dist, p)).length })).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (ext) => sized.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.gzipBytes, 0);
  return { jsGzipBytes: sum('.js'), cssGzipBytes: sum('.css'), files: sized, pageReadyMs: Math.round(ready), fcpMs: fcp && Math.round(fcp) };
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const runLighthouse = async (port, url) => {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
    const audits = result.lhr.audits;
    runs.push({
      performance: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      speedIndexMs: Math.round(audits['speed-index'].numericValue),
      formFactor: result.lhr.configSettings.formFactor,
      warnings: result.lhr.runWarnings,
    });
  }
  const score = median(runs.map((r) => r.performance));
  return { ...runs.find((r) => r.performance === score), runs: runs.map((r) => r.performance) };
};

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const kb = (bytes) => (bytes / 1024).toFixed(1);

const main = async () => {
  if (!process.argv.includes('--no-build')) build();
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const debugPort = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'web-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_ARGS, '--lang=zh-CN', `--remote-debugging-port=${debugPort}`],
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const results = {};
  try {
    const seed = context.pages()[0] ?? (await context.newPage());
    await seed.goto(`${base}/#/pages/plaza/index`);
    await seed.evaluate((session) => localStorage.setItem('session', JSON.stringify({ type: 'object', data: session })), benchSession());
    for (const page of PAGES) {
      const screen = await firstScreen(context, base, page);
      const lh = await runLighthouse(debugPort, `${base}/#${page.route}`);
      results[page.name] = {
        route: page.route,
        ...screen,
        lighthouse: lh,
        withinBudget: screen.jsGzipBytes <= BUDGET.jsGzipKb * 1024 && lh.performance >= BUDGET.performance,
      };
      console.log(`${page.name}: JS ${kb(screen.jsGzipBytes)} KB gzip, CSS ${kb(screen.cssGzipBytes)} KB gzip, Lighthouse ${lh.performance} (runs ${lh.runs.join(', ')})`);
    }
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const report = {
    generatedAt: new Date().toISOString(),
    budget: BUDGET,
    // Lighthouse's simulated throttling scales the main-thread time it observes: a busy machine lowers scores.
    loadAverageAtEnd: loadavg().map((n) => Number(n.toFixed(2))),
    method:
      'JS/CSS: gzip -9 size of every script and stylesheet requested before the page body first rendered (page-ready mark), cache disabled, phone viewport. Lighthouse 12: mobile defaults (simulated slow 4G, 4x CPU), performance only, median of runs, static server with gzip.',
    pages: results,
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'web.json'), `${JSON.stringify(report, null, 2)}\n`);
  const rows = Object.entries(results).map(
    ([name, r]) =>
      `| ${name} | \`${r.route}\` | ${kb(r.jsGzipBytes)} | ${kb(r.cssGzipBytes)} | ${r.lighthouse.performance} (${r.lighthouse.runs.join(', ')}) | ${r.lighthouse.fcpMs} | ${r.lighthouse.lcpMs} | ${r.lighthouse.tbtMs} | ${r.lighthouse.cls} | ${r.withinBudget ? 'yes' : '**no**'} |`,
  );
  const md = [
    '# Web bundle and Lighthouse',
    '',
    `Generated ${report.generatedAt}. Budget: ≤ ${BUDGET.jsGzipKb} KB JS gzip on the first screen, Lighthouse performance ≥ ${BUDGET.performance}.`,
    '',
    '| page | route | JS gzip KB | CSS gzip KB | Lighthouse perf (runs) | FCP ms | LCP ms | TBT ms | CLS | within budget |',
    '| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `Method: ${report.method} Machine load average at the end: ${report.loadAverageAtEnd.join(', ')}.`,
    '',
    ...Object.entries(results).flatMap(([name, r]) => [
      `## ${name}: first-screen files`,
      '',
      ...r.files.map((f) => `- \`${f.file}\` ${kb(f.gzipBytes)} KB`),
      '',
    ]),
  ].join('\n');
  writeFileSync(join(resultsDir, 'web.md'), md);
  console.log(`wrote bench/results/web.json and web.md`);
};

main().then(
  () => process.exit(0),
  (error) => {
    console.error('web bench failed:', error);
    process.exit(1);
  },
);
