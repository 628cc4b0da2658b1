#!/usr/bin/env node
/**
 * The operator console's first screen (issue 20 point 9): ≤ 250 KB of JavaScript transferred.
 *
 * 1. Builds the product (`npm run build`) and starts it exactly as `npm start` starts it (the server's static
 *    handler sends the brotli / gzip copies the build wrote for apps/admin, as for the web app).
 * 2. In Debian's Chromium at 1440×900, cache disabled, opens `/admin/` logged out (the login screen) and
 *    `/admin/#/dashboard` logged in as the seeded operator through the real login, and sums the bytes
 *    *transferred* (resource timing `transferSize`: compressed body and headers) of every script and stylesheet
 *    requested before the screen rendered (the `console-ready:<screen>` mark the console sets: the login form
 *    shown; the dashboard's figures shown). The dashboard's chart library loads after that, on purpose.
 * 3. Writes bench/results/admin.json and bench/results/admin.md.
 *
 * BENCH_SHORT=true: results shown and not written. BENCH_SKIP_BUILD=true: use the existing build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { firstScreenSections, kb, writeResults } from './report.mjs';
import { buildProduct, login, startProduct } from './server-build.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 250;
const SHORT = process.env.BENCH_SHORT === 'true';
const SESSION_KEY = 'aichuang.admin.session';
const SCREENS = [
  { name: 'login', route: '/', mark: 'console-ready:login', loggedIn: false },
  { name: 'dashboard', route: '/dashboard', mark: 'console-ready:dashboard', loggedIn: true },
];


const measure = async (context, base, screen) => {
  const tab = await context.newPage();
  const client = await context.newCDPSession(tab);
  await client.send('Network.enable');
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  await tab.goto(`${base}/admin/#${screen.route}`);
  await tab.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, screen.mark, { timeout: 30_000 });
  const { ready, resources } = await tab.evaluate((mark) => ({
    ready: performance.getEntriesByName(mark)[0].startTime,
    resources: performance
      .getEntriesByType('resource')
      .map((r) => ({ name: r.name, start: r.startTime, transferSize: r.transferSize, decodedBodySize: r.decodedBodySize })),
  }), screen.mark);
  await tab.close();
  const files = resources
    .filter((r) => r.start <= ready)
    .map((r) => ({ ...r, file: new URL(r.name).pathname }))
    .filter((r) => r.file.endsWith('.js') || r.file.endsWith('.css'))
    .sort((a, b) => b.transferSize - a.transferSize);
  const sum = (ext, field) => files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f[field], 0);
  const jsTransferBytes = sum('.js', 'transferSize');
  return {
    route: screen.route,
    loggedIn: screen.loggedIn,
    jsTransferBytes,
    jsBytes: sum('.js', 'decodedBodySize'),
    cssTransferBytes: sum('.css', 'transferSize'),
    readyMs: Math.round(ready),
    withinBudget: jsTransferBytes <= BUDGET_KB * 1024,
    files: files.map((f) => ({ file: f.file, transferBytes: f.transferSize, bytes: f.decodedBodySize })),
  };
};

const main = async () => {
  buildProduct();
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-bench-data-'));
  const profile = mkdtempSync(join(tmpdir(), 'admin-bench-'));
  const product = await startProduct({ dataDir });
  const { base } = product;
  const results = {};
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--lang=zh-CN'],
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  try {
    const accessToken = await login(base, 'admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
    const storageTab = context.pages()[0] ?? (await context.newPage());
    await storageTab.goto(`${base}/admin/`);
    for (const screen of SCREENS) {
      await storageTab.evaluate(
        ([key, session]) =>
          session ? localStorage.setItem(key, JSON.stringify({ type: 'object', data: session })) : localStorage.removeItem(key),
        [SESSION_KEY, screen.loggedIn ? { accessToken } : null],
      );
      results[screen.name] = await measure(context, base, screen);
      const r = results[screen.name];
      console.log(`${screen.name}: JS ${kb(r.jsTransferBytes)} KB transferred (${kb(r.jsBytes)} KB uncompressed), CSS ${kb(r.cssTransferBytes)} KB, ready at ${r.readyMs} ms`);
    }
  } finally {
    await context.close();
    await product.stop();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  const report = {
    generatedAt: new Date().toISOString(),
    short: SHORT,
    budgetKb: BUDGET_KB,
    loadAverage: { before: loadBefore, after: loadavg().map((n) => Number(n.toFixed(2))) },
    method:
      'The product started as `npm start` starts it (the server sends the brotli/gzip copies the build wrote). Bytes transferred (resource timing transferSize: compressed body and headers) of every script and stylesheet requested before the screen rendered (console-ready mark), cache disabled, 1440×900, Chromium sending Accept-Encoding: gzip, deflate, br. The dashboard is opened logged in as the seeded operator through the real login.',
    screens: results,
  };
  const md = [
    '# Operator console: first screen',
    '',
    `Generated ${report.generatedAt}${SHORT ? ' (**short mode: not a result**)' : ''}. Budget: ≤ ${BUDGET_KB} KB of JavaScript transferred on the first screen.`,
    `Machine load average (1 / 5 / 15 min) before: ${report.loadAverage.before.join(' / ')}; after: ${report.loadAverage.after.join(' / ')}.`,
    '',
    '| screen | route | JS transferred KB | JS uncompressed KB | CSS transferred KB | ready ms | within budget |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...Object.entries(results).map(
      ([name, r]) =>
        `| ${name} | \`/admin/#${r.route}\`${r.loggedIn ? ' (logged in)' : ''} | ${kb(r.jsTransferBytes)} | ${kb(r.jsBytes)} | ${kb(r.cssTransferBytes)} | ${r.readyMs} | ${r.withinBudget ? 'yes' : '**no**'} |`,
    ),
    '',
    `Method: ${report.method}`,
    '',
    ...firstScreenSections(results),
  ].join('\n');
  if (SHORT) {
    console.log(md);
    return;
  }
  writeResults('admin', report, md);
  if (Object.values(results).some((r) => !r.withinBudget)) process.exitCode = 1;
};

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error('admin bench failed:', error);
    process.exit(1);
  },
);
