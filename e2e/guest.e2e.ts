import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRoute, newPhonePage, open, screenshot, startBrowser } from './helpers';

/**
 * Spec §6 guest mode in Chromium: a visitor login is stored with mode, from and data; a guest calling a
 * logged-in operation keeps the session and gets the guest-mode notice with a way to log in (never "登录已过期").
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stored = (page: import('playwright-core').Page, key: string) =>
  page.evaluate((k) => JSON.parse(window.localStorage.getItem(k) ?? 'null') as { type: string; data: Record<string, unknown> } | null, key);

describe('guest mode in Chromium', () => {
  it('a visitor looks around, is refused a user-only operation with the guest notice, keeps the session and can log in', async () => {
    const { page, context, errors } = await newPhonePage(browser);
    await open(page, '/pages/user/index?from=%2Factivity%2Fsign%2Findex');
    await page.getByTestId('visitor-login').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/activity/sign/index');

    const visitor = await stored(page, 'visitor_login');
    expect(visitor).toMatchObject({ type: 'object', data: { mode: 'visitor', from: '/activity/sign/index', data: { userId: 0 } } });
    const session = await stored(page, 'session');
    expect(session?.data.accessToken).toEqual(expect.any(String));

    // The check-in page asks for the user's check-ins: refused to a guest.
    const dialog = page.locator('.adm-dialog-body');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain('当前为游客模式，请先登录');
    expect(await page.getByText('登录已过期').count()).toBe(0);
    await page.waitForTimeout(400);
    await screenshot(page, 'item4-guest-notice');
    expect(await stored(page, 'session')).toEqual(session);
    expect(currentRoute(page)).toBe('/activity/sign/index');

    await dialog.getByText('去登录').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/user/index');
    expect(await page.getByTestId('guest-notice').textContent()).toBe('当前为游客模式，请先登录');
    expect(errors).toEqual([]);
    await context.close();
  });
});
