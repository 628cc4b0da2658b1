import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * Realtime journeys: after login the realtime hub reaches "authenticated" (SocketState 3); an operator's
 * customer-service reply arrives live as a toast and raises the home-page badge; the message centre lists it
 * with an unread dot, opening it marks it read.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uidOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { uid: number }).uid;

const socketState = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.dataset.socketState ?? '');

describe('realtime hub and message centre in Chromium at phone size', () => {
  it('connects after login, receives an operator reply live, and reads it in the message centre', async () => {
    const session = await loginByPassword();
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/index/index');
    await page.getByTestId('home-page').waitFor({ timeout: 60_000 });
    await expect.poll(() => socketState(page), { timeout: 60_000, interval: 250 }).toBe('3');

    const admin = await loginByPassword('admin', 'admin123456');
    const reply = async (content: string) => {
      const res = await fetch(`${baseUrl()}/api/sysCustomerService/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
        body: JSON.stringify({ userId: uidOf(session.accessToken), content }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    };
    const content = `客服回复 ${Date.now()}`;
    await reply(`${content} 之一`);

    // Live: a toast and the badge, without reloading.
    await page.locator('.adm-toast-main').filter({ hasText: '新消息' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('notify-badge').textContent(), { timeout: 30_000 }).toMatch(/^[1-9]\d*\+?$/);
    await screenshot(page, 'realtime-badge');
    await reply(`${content} 之二`);
    await expect.poll(() => page.getByTestId('notify-badge').textContent(), { timeout: 30_000 }).not.toBe('1');

    await page.getByTestId('notify-entry').click();
    await page.getByTestId('notify-page').waitFor({ timeout: 60_000 });
    const first = page.getByTestId('notify-item').filter({ hasText: `${content} 之一` });
    const second = page.getByTestId('notify-item').filter({ hasText: `${content} 之二` });
    await first.waitFor({ timeout: 30_000 });
    expect(await first.getByTestId('notify-unread-dot').count()).toBe(1);
    expect(await second.getByTestId('notify-unread-dot').count()).toBe(1);
    await screenshot(page, 'realtime-notify');
    // Opening a message marks it read (it may follow its link: come back to the list).
    await first.click();
    await expect.poll(() => currentRoute(page), { timeout: 15_000 }).toBeTruthy();
    if (currentRoute(page) !== '/pages/index/notify/index') await page.goBack();
    await first.waitFor({ timeout: 30_000 });
    await expect.poll(() => first.getByTestId('notify-unread-dot').count(), { timeout: 15_000 }).toBe(0);
    expect(await second.getByTestId('notify-unread-dot').count()).toBe(1);
    await page.getByTestId('notify-read-all').click();
    await expect.poll(() => page.getByTestId('notify-unread-dot').count(), { timeout: 15_000 }).toBe(0);
    expect(await socketState(page)).toBe('3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a session ended on the server forces the app offline: session cleared, user index, notice', async () => {
    const session = await loginByPassword();
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/index/index');
    await page.getByTestId('home-page').waitFor({ timeout: 60_000 });
    await expect.poll(() => socketState(page), { timeout: 60_000, interval: 250 }).toBe('3');

    // Ending this session elsewhere: the hub re-checks it on its next ping (every 15 s).
    const res = await fetch(`${baseUrl()}/api/sysAuth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: '{}',
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);

    await expect.poll(() => currentRoute(page), { timeout: 60_000, interval: 500 }).toBe('/pages/user/index');
    expect(await page.evaluate(() => window.localStorage.getItem('session'))).toBeNull();
    await page.getByText('登录已失效', { exact: false }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'realtime-force-offline');
    await expect.poll(() => socketState(page), { timeout: 15_000 }).toBe('4');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports page views in a batch when the page is hidden, and checks dictionary versions once', async () => {
    const { context, page } = await newPhonePage(browser);
    const versionCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/sysDictData/versions')) versionCalls.push(request.url());
    });
    await open(page, '/pages/user/index');
    await page.waitForFunction(() => document.documentElement.dataset.socketState !== undefined, undefined, { timeout: 60_000 });
    await open(page, '/pages/user/service');
    await expect.poll(() => versionCalls.length, { timeout: 30_000 }).toBe(1);
    // Let the lazily loaded reporter record both routes, then hide the page.
    await page.waitForTimeout(2500);
    const report = page.waitForRequest((request) => request.url().endsWith('/api/sysStat/report'), { timeout: 30_000 });
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const body = JSON.parse((await report).postData() ?? '{}') as { platform: string; items: { type: string; name: string }[] };
    expect(body.platform).toBe('h5');
    expect(body.items.filter((i) => i.type === 'page').map((i) => i.name)).toContain('/pages/user/service');
    expect(versionCalls).toHaveLength(1);
    await context.close();
  });

  it('guests do not connect', async () => {
    const { context, page } = await newPhonePage(browser);
    await open(page, '/pages/user/index');
    await page.waitForTimeout(3000);
    expect(await socketState(page)).toBe('4');
    await context.close();
  });
});
