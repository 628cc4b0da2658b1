#!/usr/bin/env node
/**
 * Phone-size (390×844) screenshots of issue 13's items 5–9 and 13, for its closing note:
 * `npm run build && node scripts/screenshots-13.mjs [item13 …]` starts the built server on a free port with a fresh
 * DATA_DIR (demo seed), drives Debian's /usr/bin/chromium with playwright-core and writes
 * docs/screenshots/issue-13/item{5,6,7,8,9,13}-*.png (device scale 1, so each file stays small); names given on
 * the command line take only the shots whose file name starts with one of them.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs/screenshots/issue-13');
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};
const LONG = 60_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const startServer = async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'screens-13-'));
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (server.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error('server not healthy');
};

const login = async (baseUrl, account, password = 'demo123456') => {
  const res = await fetch(`${baseUrl}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.result;
};

/** A phone page with a session (and a language) stored the way the app stores them. */
const phonePage = async (browser, baseUrl, { account = '13800000000', language } = {}) => {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN', baseURL: baseUrl });
  const session = await login(baseUrl, account);
  await context.addInitScript(
    ({ session, language }) => {
      if (!localStorage.getItem('session')) localStorage.setItem('session', JSON.stringify({ type: 'object', data: session }));
      if (language) localStorage.setItem('language', JSON.stringify({ type: 'string', data: language }));
    },
    { session, language },
  );
  const page = await context.newPage();
  return { context, page };
};

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.some((prefix) => name.startsWith(prefix));

const shoot = async (page, name) => {
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`screenshots-13: ${name}.png`);
};

const main = async () => {
  mkdirSync(outDir, { recursive: true });
  const { baseUrl, stop } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // Item 5: the payment confirmation is an opaque dialog over the dimmed page.
    if (wanted('item5-pay-confirm-dialog')) {
      const { context, page } = await phonePage(browser, baseUrl);
      await page.goto(`${baseUrl}/#/pages/index/vip/index`);
      await page.getByTestId('pay-button').click({ timeout: LONG });
      await page.locator('.adm-dialog-body').waitFor({ timeout: LONG });
      await page.waitForTimeout(500);
      await shoot(page, 'item5-pay-confirm-dialog');
      await context.close();
    }
    // Item 6: the offline engine writes sensible, limited copy from a free request, labelled offline.
    if (wanted('item6-offline-copy')) {
      const { context, page } = await phonePage(browser, baseUrl);
      await page.goto(`${baseUrl}/#/pages/index/ai`);
      await page.getByTestId('chat-welcome').waitFor({ timeout: LONG });
      await page.getByTestId('chat-input').fill('给一家社区咖啡馆写朋友圈开业文案，50字以内');
      await page.getByTestId('chat-send').click();
      const answer = page.getByTestId('chat-answer').last();
      await answer.getByTestId('offline-badge').waitFor({ timeout: LONG });
      await answer.getByTestId('answer-copy').waitFor({ timeout: LONG });
      await answer.scrollIntoViewIfNeeded();
      await shoot(page, 'item6-offline-copy');
      await context.close();
    }
    // Item 7: a member's mine tab shows the membership and its expiry.
    if (wanted('item7-mine-member')) {
      const { context, page } = await phonePage(browser, baseUrl, { account: '13800000001' });
      await page.goto(`${baseUrl}/#/pages/me/index`);
      await page.getByTestId('mine-vip-member').waitFor({ timeout: LONG });
      await shoot(page, 'item7-mine-member');
      await context.close();
    }
    // Item 8: checkout with the best coupon chosen and a pinned button that says what it spends.
    if (wanted('item8-checkout-pay-button')) {
      const { context, page } = await phonePage(browser, baseUrl);
      await page.goto(`${baseUrl}/#/pages/index/vip/index`);
      await page.getByTestId('vip-packages').waitFor({ timeout: LONG });
      await page.getByTestId('pay-method-0').click();
      await page.getByTestId('pay-button').filter({ hasText: /\d/ }).waitFor({ timeout: LONG });
      await shoot(page, 'item8-checkout-pay-button');
      await context.close();
    }
    // Item 9: the app in English, packages and benefits named by the server in English.
    if (wanted('item9-english-packages')) {
      const { context, page } = await phonePage(browser, baseUrl, { language: 'en' });
      await page.goto(`${baseUrl}/#/pages/index/vip/index`);
      await page.getByTestId('vip-packages').waitFor({ timeout: LONG });
      await page.getByText('Monthly membership').first().waitFor({ timeout: LONG });
      await shoot(page, 'item9-english-packages');
      await context.close();
    }
    // Item 9: the robot's public profile in English.
    if (wanted('item9-english-robot-profile')) {
      const { context, page } = await phonePage(browser, baseUrl, { language: 'en' });
      await page.goto(`${baseUrl}/#/pages/me/profile?userId=999`);
      await page.getByText('AI writing assistant').first().waitFor({ timeout: LONG });
      await page.waitForTimeout(300);
      await shoot(page, 'item9-english-robot-profile');
      await context.close();
    }
    // Item 9: a customer-service reply in the English message centre.
    if (wanted('item9-english-service-reply')) {
      const admin = await login(baseUrl, 'admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
      const demo = await login(baseUrl, '13800000000');
      const userId = JSON.parse(Buffer.from(demo.accessToken.split('.')[1], 'base64url').toString()).uid;
      const res = await fetch(`${baseUrl}/api/sysCustomerService/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
        body: JSON.stringify({ userId, content: 'Hello! Your invoice has been sent by e-mail.' }),
      });
      if ((await res.json()).code !== 200) throw new Error('customer-service reply failed');
      const { context, page } = await phonePage(browser, baseUrl, { language: 'en' });
      await page.goto(`${baseUrl}/#/pages/index/notify/index`);
      await page.getByText('Customer service reply').first().waitFor({ timeout: LONG });
      await shoot(page, 'item9-english-service-reply');
      await context.close();
    }
    // Item 13: a list read while the server cannot be reached offers the retry notice (once for the screen).
    if (wanted('item13-retry-notice')) {
      const { context, page } = await phonePage(browser, baseUrl);
      await page.route('**/api/sysGoldPackage/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${baseUrl}/#/pages/index/vip/index`);
      await page.locator('.adm-dialog-body').waitFor({ timeout: LONG });
      await page.waitForTimeout(500);
      await shoot(page, 'item13-retry-notice');
      await context.close();
    }
    // Item 13: a detail page whose record is gone says "data not found".
    if (wanted('item13-data-not-found')) {
      const { context, page } = await phonePage(browser, baseUrl);
      await page.goto(`${baseUrl}/#/pages/index/temps/detail?id=999999`);
      await page.getByTestId('data-not-found').waitFor({ timeout: LONG });
      await shoot(page, 'item13-data-not-found');
      await context.close();
    }
    // Item 13: a page opened on a tab it does not have says "tab item not found" and opens its first tab.
    if (wanted('item13-tab-item-not-found')) {
      const { context, page } = await phonePage(browser, baseUrl);
      await page.goto(`${baseUrl}/#/pages/plaza/index?category=999`);
      await page.locator('.adm-toast-main').waitFor({ timeout: LONG });
      await page.waitForTimeout(400);
      await shoot(page, 'item13-tab-item-not-found');
      await context.close();
    }
    // Item 13: refusing the microphone for a recording says "rejected".
    if (wanted('item13-rejected')) {
      const { context, page } = await phonePage(browser, baseUrl);
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await page.goto(`${baseUrl}/#/media/dub/index?tab=srt`);
      await page.getByTestId('srt-record').click({ timeout: LONG });
      await page.locator('.adm-toast-main').waitFor({ timeout: LONG });
      await page.waitForTimeout(400);
      await shoot(page, 'item13-rejected');
      await context.close();
    }
  } finally {
    await browser.close();
    await stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
