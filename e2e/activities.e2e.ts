import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Issue 9 journey: the demo user (1000 points) checks in, exchanges a mall item and spins the wheel. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const numberOf = async (page: Page, testId: string): Promise<number> =>
  Number((await page.getByTestId(testId).textContent())?.trim());

interface MallItem {
  id: number;
  points: number;
  stock: number;
  limitPerUser: number;
}

describe('activities in Chromium at phone size', () => {
  it('checks in and sees points rise, exchanges an item and finds it in my items, spins the wheel', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);

    // Daily check-in: points rise; a second tap shows today's result, not an error.
    await open(page, '/activity/sign/index');
    await page.getByTestId('sign-page').waitFor(WAIT);
    const before = await numberOf(page, 'sign-points');
    expect(before).toBe(1000);
    await expect.poll(() => page.getByTestId('sign-button').getAttribute('data-checked')).toBe('false');
    await page.getByTestId('sign-button').click();
    await page.getByTestId('sign-result').waitFor(WAIT);
    await expect.poll(() => numberOf(page, 'sign-points'), WAIT).toBeGreaterThan(before);
    const afterCheckIn = await numberOf(page, 'sign-points');
    expect(await page.getByTestId('sign-button').getAttribute('data-checked')).toBe('true');
    await expect.poll(() => page.locator('[data-testid^="calendar-day-"][data-checked="true"]').count(), WAIT).toBe(1);
    await page.getByTestId('sign-button').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent(), WAIT).toMatch(/已经签到/);
    expect(await numberOf(page, 'sign-points')).toBe(afterCheckIn);
    await screenshot(page, 'activities-sign');

    // Points mall: the cheapest item, after the confirmation, leaves points and appears in my items.
    const mall = (await (
      await fetch(`${baseUrl()}/api/sysPointsMall/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1, pageSize: 50 }),
      })
    ).json()) as { result: { items: MallItem[] } };
    const item = mall.result.items.filter((i) => i.stock > 0).sort((a, b) => a.points - b.points)[0]!;
    expect(item.points).toBeLessThanOrEqual(afterCheckIn);
    await open(page, '/activity/exchange/index');
    await page.getByTestId(`mall-item-${item.id}`).waitFor(WAIT);
    await expect.poll(() => numberOf(page, 'mall-points'), WAIT).toBe(afterCheckIn);
    await page.getByTestId(`mall-exchange-${item.id}`).click();
    await page.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => numberOf(page, 'mall-points'), WAIT).toBe(afterCheckIn - item.points);
    await page.getByTestId('mall-tab-mine').click();
    await page.getByTestId(`my-exchange-${item.id}`).waitFor(WAIT);
    await screenshot(page, 'activities-exchange');
    const afterExchange = afterCheckIn - item.points;

    // Lucky wheel: the spin stops on the server's slot and shows the result.
    await open(page, '/activity/lucky/index');
    await page.getByTestId('lucky-page').waitFor(WAIT);
    await expect.poll(() => numberOf(page, 'lucky-points'), WAIT).toBe(afterExchange);
    const drawAnswer = page.waitForResponse((r) => r.url().includes('/api/sysDrawPrize/startDraw'), WAIT);
    await page.getByTestId('lucky-spin').click();
    const draw = ((await (await drawAnswer).json()) as { result: { slot: number; cost: number; points: number } }).result;
    const result = page.getByTestId('lucky-result');
    await result.waitFor(WAIT);
    expect(Number(await result.getAttribute('data-slot'))).toBe(draw.slot);
    expect((await result.textContent())?.length).toBeGreaterThan(0);
    await expect.poll(() => numberOf(page, 'lucky-points'), WAIT).toBe(draw.points);
    expect(draw.points).toBeGreaterThanOrEqual(afterExchange - draw.cost);
    await screenshot(page, 'activities-lucky');

    expect(errors).toEqual([]);
    await context.close();
  });
});
