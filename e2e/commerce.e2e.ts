import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Commerce journeys: buy the monthly VIP package's days with gold and see VIP on the mine tab; redeem a coupon code. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const adminCall = async (token: string, path: string, body: unknown): Promise<unknown> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; result: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.result;
};

const goldOf = async (accessToken: string): Promise<number> => {
  const res = await fetch(`${baseUrl()}/api/sysUser/baseInfo`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const body = (await res.json()) as { result: { gold: number } };
  return body.result.gold;
};

describe('membership and commerce in Chromium at phone size', () => {
  it('buys the monthly VIP package with gold (its VIP days, not its gold), sees the success, then the VIP badge and less gold on the mine tab', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const goldBefore = await goldOf(session.accessToken);
    // ¥25 at 1200 gold a yuan.
    expect(goldBefore).toBeGreaterThanOrEqual(30000);
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
    // Paid with gold, the month includes its VIP days and not its 30000 gold: the page says so before paying.
    await expect
      .poll(() => page.getByTestId('pay-gold-vip-only').textContent())
      .toBe('金币支付只开通会员，不含套餐赠送的 30000 金币');
    await expect.poll(() => page.getByTestId('pay-button').textContent()).toBe('支付 30000 金币');
    await page.getByTestId('pay-button').click();
    await page.getByRole('button', { name: '确定' }).click();

    await expect.poll(() => page.getByTestId('order-result').getAttribute('data-state'), { timeout: 30_000 }).toBe('paid');
    await expect.poll(() => page.getByTestId('order-result-title').textContent()).toBe('支付成功');
    await page.getByTestId('order-vip-until').waitFor();
    await screenshot(page, 'commerce-paid');

    await page.getByTestId('order-to-mine').click();
    await expect.poll(() => currentRoute(page)).toBe('/pages/me/index');
    await expect.poll(() => page.getByTestId('vip-badge').getAttribute('class'), { timeout: 30_000 }).toContain('mine-badge--vip');
    await expect.poll(() => page.getByTestId('mine-gold').textContent(), { timeout: 30_000 }).toBe(String(goldBefore - 30000));
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

  it('applies as a seeding ambassador, uploads a screenshot, and claims the approved reward once', async () => {
    const session = await loginByPassword('13800000001', 'demo123456');
    const admin = (await loginByPassword('admin', 'admin123456')).accessToken;
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);

    await open(page, '/pages/detail/popularize');
    await page.getByTestId('popularize-apply').waitFor({ timeout: 30_000 });
    await page.getByTestId('apply-platform').fill('小红书');
    await page.getByTestId('apply-accountName').fill('AI 创作家');
    await page.getByTestId('apply-followers').fill('1200');
    await page.getByTestId('apply-contact').fill('13800000001');
    await page.getByTestId('apply-submit').click();
    await expect.poll(() => page.getByTestId('application-state').textContent(), { timeout: 30_000 }).toBe('申请审核中');

    const apps = (await adminCall(admin, '/api/sysAmbassador/admin/applications', { state: 'pending' })) as { items: { id: number; userId: number }[] };
    await adminCall(admin, '/api/sysAmbassador/admin/reviewApplication', { id: apps.items[0]!.id, approve: true });
    await page.reload();
    await expect.poll(() => page.getByTestId('application-state').textContent(), { timeout: 30_000 }).toBe('你已是种草官');

    // The post's link is opened by operators: anything but http(s) is refused by the server.
    const hostile = await fetch(`${baseUrl()}/api/sysAmbassador/screenshot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ taskId: 1, fileIds: [1], link: "javascript:document.title='pwned'" }),
    });
    expect(hostile.status).toBe(400);
    expect(((await hostile.json()) as { message: unknown }).message).toEqual({ link: ['请填写以 http:// 或 https:// 开头的链接'] });

    const upload = page.locator('[data-testid^="upload-"]').first();
    await upload.click();
    await page.getByTestId('screenshot-page').waitFor({ timeout: 30_000 });
    const image = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 200, height: 200 } });
    await page.getByTestId('screenshot-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: image });
    await expect.poll(() => page.getByTestId('uploaded-count').textContent(), { timeout: 30_000 }).toBe('已上传 1 张');
    const postLink = 'https://www.xiaohongshu.com/explore/e2e-post';
    await page.locator('input[type="url"]').fill(postLink);
    await page.getByTestId('screenshot-submit').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/detail/result');
    await expect.poll(() => page.getByTestId('submission-state').first().textContent()).toContain('审核中');

    // The console shows the post's http(s) link as a link that opens it.
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: baseUrl() });
    const operator = await loginByPassword('admin', 'admin123456');
    await desk.addInitScript((value) => {
      localStorage.setItem('aichuang.admin.session', JSON.stringify({ type: 'object', data: value }));
    }, operator);
    const console_ = await desk.newPage();
    await console_.goto(`${baseUrl()}/admin/#/queues/ambassadorSubmission`);
    await console_.locator('.ant-table-row').first().click();
    const shownLink = console_.getByRole('dialog').getByTestId('submission-link');
    await shownLink.waitFor({ timeout: 30_000 });
    expect(await shownLink.getAttribute('href')).toBe(postLink);
    await desk.close();

    const subs = (await adminCall(admin, '/api/sysAmbassador/admin/submissions', { state: 'pending' })) as { items: { id: number }[] };
    const submissionId = subs.items[0]!.id;
    await adminCall(admin, '/api/sysAmbassador/admin/reviewSubmission', { id: submissionId, approve: true });

    await open(page, `/pages/detail/popularize-reward?submissionId=${submissionId}`);
    await expect.poll(() => page.getByTestId(`reward-state-${submissionId}`).textContent(), { timeout: 30_000 }).toBe('奖励可领取');
    await page.getByTestId(`claim-reward-${submissionId}`).click();
    await expect.poll(() => page.getByTestId(`reward-state-${submissionId}`).textContent(), { timeout: 30_000 }).toBe('奖励已领取');
    expect(await page.getByTestId(`claim-reward-${submissionId}`).isDisabled()).toBe(true);
    await screenshot(page, 'commerce-reward');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
