import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Activities journey: the demo user (1000 points) checks in, exchanges a mall item and spins the wheel. */
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

  it('help centre: FAQ opens, feedback and a report are sent, a message reaches customer service; settings pages work', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);

    await open(page, '/set/help/index');
    await page.getByTestId('help-page').waitFor(WAIT);
    const faq = page.locator('[data-testid^="faq-"]').first();
    if ((await page.locator('[data-testid^="faq-"]').count()) > 0) {
      await faq.locator('button').click();
      await expect.poll(() => faq.locator('button').getAttribute('aria-expanded')).toBe('true');
    }

    await open(page, '/set/help/feedback');
    await page.getByTestId('feedback-page').waitFor(WAIT);
    await page.getByTestId('feedback-type-bug').click();
    await page.getByTestId('feedback-content').fill('签到页面在夜间模式下显示不清楚');
    await page.getByTestId('feedback-contact').fill('13800000000');
    const feedbackAnswer = page.waitForResponse((r) => r.url().includes('/api/sysFeedback/add'), WAIT);
    await page.getByTestId('feedback-submit').click();
    expect(((await (await feedbackAnswer).json()) as { code: number }).code).toBe(200);

    const articles = (await (
      await fetch(`${baseUrl()}/api/sysArticle/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1, pageSize: 1 }),
      })
    ).json()) as { result: { items: { id: number }[] } };
    await open(page, `/set/help/report?type=article&id=${articles.result.items[0]!.id}`);
    await page.getByTestId('report-page').waitFor(WAIT);
    await page.getByTestId('report-reason-spam').click();
    const reportAnswer = page.waitForResponse((r) => r.url().includes('/api/sysReport/add'), WAIT);
    await page.getByTestId('report-submit').click();
    expect(((await (await reportAnswer).json()) as { code: number }).code).toBe(200);

    await open(page, '/set/help/service');
    await page.getByTestId('service-page').waitFor(WAIT);
    await page.getByTestId('service-input').fill('你好，我的积分什么时候到账？');
    await page.getByTestId('service-send').click();
    await expect.poll(() => page.getByTestId('service-mine').last().textContent(), WAIT).toContain('积分什么时候到账');
    // An operator replies; the open chat shows it by itself (polled history).
    const me = (await (
      await fetch(`${baseUrl()}/api/sysUser/baseInfo`, { headers: { authorization: `Bearer ${session.accessToken}` } })
    ).json()) as { result: { id: number } };
    const admin = await loginByPassword('admin', 'admin123456');
    const reply = await fetch(`${baseUrl()}/api/sysCustomerService/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      body: JSON.stringify({ userId: me.result.id, content: '您好，积分会在签到后立即到账。' }),
    });
    expect(((await reply.json()) as { code: number }).code).toBe(200);
    await expect.poll(() => page.getByTestId('service-reply').last().textContent(), WAIT).toContain('立即到账');
    await screenshot(page, 'activities-service');

    await open(page, '/set/logs');
    await page.getByTestId('release-1.5.2').waitFor(WAIT);

    await open(page, '/set/wallpaper');
    await page.getByTestId('wallpaper-page').waitFor(WAIT);
    const bgAnswer = page.waitForResponse((r) => r.url().includes('/api/sysUserExtInfo/metadataUpdate'), WAIT);
    await page.getByTestId('wallpaper-ocean').click();
    expect(((await (await bgAnswer).json()) as { code: number }).code).toBe(200);
    await expect.poll(() => page.getByTestId('wallpaper-ocean').getAttribute('aria-pressed'), WAIT).toBe('true');
    await screenshot(page, 'activities-wallpaper');

    await open(page, '/set/files');
    await expect.poll(async () => (await page.getByTestId('files-page').count()) + (await page.getByTestId('files-empty').count()), WAIT).toBe(1);

    await open(page, '/set/index');
    await page.getByTestId('clear-cache').click();
    await page.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent(), WAIT).toMatch(/缓存已清除/);
    expect(await page.evaluate(() => window.localStorage.getItem('session'))).not.toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });
});
