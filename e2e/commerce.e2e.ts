import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Issue 8 journeys: buy the monthly VIP package with gold and see VIP on the mine tab; redeem a coupon code. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const goldOf = async (accessToken: string): Promise<number> => {
  const res = await fetch(`${baseUrl()}/api/sysUser/baseInfo`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const body = (await res.json()) as { result: { gold: number } };
  return body.result.gold;
};

describe('membership and commerce in Chromium at phone size', () => {
  it('buys the monthly VIP package with gold, sees the success, then the VIP badge and less gold on the mine tab', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const goldBefore = await goldOf(session.accessToken);
    expect(goldBefore).toBeGreaterThanOrEqual(2500);
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);

    await open(page, '/pages/me/index');
    await expect.poll(() => page.getByTestId('vip-badge').getAttribute('class'), { timeout: 30_000 }).toBe('mine-badge');

    await open(page, '/pages/index/vip/index');
    await page.getByTestId('vip-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('vip-benefits').waitFor();
    await page.getByTestId('vip-packages').getByRole('button', { name: /月卡会员/ }).click();
    await expect.poll(() => page.getByTestId('price-pay').textContent()).toBe('¥25.00');
    await page.getByTestId('pay-method-0').click();
    await page.getByTestId('pay-button').click();
    await page.getByRole('button', { name: '确定' }).click();

    await expect.poll(() => page.getByTestId('order-result').getAttribute('data-state'), { timeout: 30_000 }).toBe('paid');
    await expect.poll(() => page.getByTestId('order-result-title').textContent()).toBe('支付成功');
    await page.getByTestId('order-vip-until').waitFor();
    await screenshot(page, 'commerce-paid');

    await page.getByTestId('order-to-mine').click();
    await expect.poll(() => currentRoute(page)).toBe('/pages/me/index');
    await expect.poll(() => page.getByTestId('vip-badge').getAttribute('class'), { timeout: 30_000 }).toContain('mine-badge--vip');
    await expect.poll(() => page.getByTestId('mine-gold').textContent(), { timeout: 30_000 }).toBe(String(goldBefore - 2500));
    await screenshot(page, 'commerce-mine-vip');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('redeems the seeded NEW_USER_10 code and finds the coupon under usable', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/index/coupons/index');
    await page.getByTestId('coupons-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('redeem-input').fill('NEW_USER_10');
    await page.getByTestId('redeem-submit').click();
    await expect
      .poll(() => page.getByTestId('coupon-list-usable').textContent(), { timeout: 30_000 })
      .toContain('新人专享券');
    await expect.poll(() => page.getByTestId('coupon-list-usable').textContent()).toContain('立减 ¥10.00');
    await screenshot(page, 'commerce-coupons');

    // The coupon now lowers the price of the monthly package in the member centre's picker.
    await open(page, '/pages/index/vip/index');
    await page.getByTestId('vip-packages').getByRole('button', { name: /月卡会员/ }).click();
    await page.getByTestId('coupon-picker').getByRole('button', { name: /新人专享券/ }).click();
    await expect.poll(() => page.getByTestId('price-pay').textContent(), { timeout: 30_000 }).toBe('¥15.00');
    expect(errors).toEqual([]);
    await context.close();
  });
});
