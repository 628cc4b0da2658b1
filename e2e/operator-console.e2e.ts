import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * The operator console end to end (issue 20): users act in the app and through its API, the operator reviews
 * in the console at 1440×900 in Chromium, and the users see each outcome.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Envelope<T> {
  code: number;
  message: unknown;
  result: T;
}

/** Calls the API as a user, the way the app does; fails the journey on any non-200 envelope. */
const api = async <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', TenantId: '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.result;
};

const png = async (page: Page, colour: string) =>
  Buffer.from(
    await page.evaluate(async (c) => {
      const canvas = document.createElement('canvas');
      canvas.width = 316;
      canvas.height = 200;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 316, 200);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    }, colour),
  );

describe('operator console in Chromium at 1440×900', () => {
  it('reviews what users submitted, and each user sees the outcome', async () => {
    // ---- Users act ----
    // The VIP demo user has no real-name submission: they fill the app's form with both ID photos.
    const vip = await loginByPassword('13800000001');
    const phone = await newPhonePage(browser);
    await withSession(phone.context, vip);
    await open(phone.page, '/auth/index');
    await phone.page.getByTestId('real-name-page').waitFor({ timeout: 60_000 });
    await phone.page.getByTestId('realName-input').fill('张三');
    await phone.page.getByTestId('idCardNum-input').fill('11010519491231002X');
    await phone.page.getByTestId('id-card-front-file').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await png(phone.page, '#3b82f6') });
    await phone.page.getByTestId('id-card-back-file').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await png(phone.page, '#f59e0b') });
    await phone.page.getByTestId('submit').click();
    await expect.poll(() => currentRoute(phone.page), { timeout: 30_000 }).toBe('/auth/result');

    // An ambassador claim, a report of someone else's article and an offline transfer order.
    await api(vip.accessToken, 'POST', '/api/sysAmbassador/apply', {
      platform: '小红书',
      accountName: '张三的创作日记',
      followers: 5200,
      contact: '13800000001',
      reason: '每周发布 AI 创作教程',
    });
    const me = await api<{ id: number }>(vip.accessToken, 'GET', '/api/sysAuth/userInfo');
    const articles = await api<{ items: Array<{ id: number; title: string; author: { id: number } }> }>(
      vip.accessToken,
      'POST',
      '/api/sysArticle/page',
      { page: 1, pageSize: 20, categoryId: 1 },
    );
    const reported = articles.items.find((a) => a.author.id !== me.id);
    expect(reported).toBeDefined();
    await api(vip.accessToken, 'POST', '/api/sysReport/add', { targetType: 'article', targetId: reported!.id, reason: '广告', detail: '文中有外链广告' });
    const packages = await api<Array<{ id: number; priceFen: number; obtainMethod?: number }>>(vip.accessToken, 'GET', '/api/sysGoldPackage/list');
    const paidPackage = packages.find((p) => p.priceFen > 0 && p.obtainMethod !== 2);
    expect(paidPackage).toBeDefined();
    const order = await api<{ id: number; orderNo: string; state: string }>(vip.accessToken, 'POST', '/api/sysPay/buyGoldPackage', {
      packageId: paidPackage!.id,
      payMethod: 1,
    });
    expect(order.state).toBe('pending');

    // The demo user exchanges points for a physical mall item (a notebook, 900 points).
    const demo = await loginByPassword('13800000000');
    const mall = await api<{ items: Array<{ id: number; name: string; kind: string; points: number }> }>(
      demo.accessToken,
      'POST',
      '/api/sysPointsMall/page',
      { page: 1, pageSize: 50 },
    );
    const goods = mall.items.filter((item) => item.kind === 'physical').sort((a, b) => a.points - b.points)[0];
    expect(goods).toBeDefined();
    await api(demo.accessToken, 'POST', '/api/sysPointsMall/exchange', { itemId: goods!.id });

    // What the app shows before the operator acts: the VIP's membership end on the mine tab, the reported
    // article in the plaza.
    const show = async (page: Page, route: string) => {
      await open(page, route);
      await page.reload();
    };
    await show(phone.page, '/pages/me/index');
    const expiry = phone.page.getByTestId('mine-vip-member').locator('.mine-vip__expiry');
    await expiry.waitFor({ timeout: 30_000 });
    const expiryBefore = await expiry.textContent();
    const reportedCard = phone.page.locator(`[data-testid="article-card"][data-id="${reported!.id}"]`);
    await show(phone.page, '/pages/plaza/index?category=1');
    await reportedCard.waitFor({ timeout: 30_000 });

    // ---- The operator reviews in the console ----
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: baseUrl() });
    const console_ = await desk.newPage();
    const consoleErrors: Error[] = [];
    console_.on('pageerror', (error) => consoleErrors.push(error));
    await console_.goto(`${baseUrl()}/admin/`);
    await console_.getByLabel('账号').fill('admin');
    await console_.getByLabel('密码').fill(process.env.ADMIN_PASSWORD ?? 'admin123456');
    await console_.getByRole('button', { name: /登\s*录/ }).click();
    await console_.getByTestId('operator').waitFor({ timeout: 30_000 });
    await screenshot(console_, 'console-dashboard');

    // Real-name: approve.
    await console_.goto(`${baseUrl()}/admin/#/queues/realName`);
    await console_.getByRole('cell', { name: '张三' }).click();
    const realNameDrawer = console_.getByRole('dialog');
    await realNameDrawer.getByRole('button', { name: /通\s*过/ }).click();
    await console_.getByText('操作成功').first().waitFor();
    await screenshot(console_, 'console-real-name-approved');

    // Ambassador application: approve.
    await console_.goto(`${baseUrl()}/admin/#/queues/ambassadorApplication`);
    await console_.getByRole('cell', { name: '张三的创作日记' }).click();
    await console_.getByRole('dialog').getByRole('button', { name: /通\s*过/ }).click();
    await console_.getByText('操作成功').first().waitFor();

    // Report: take the article down.
    await console_.goto(`${baseUrl()}/admin/#/queues/report`);
    await console_.getByRole('cell', { name: reported!.title }).first().click();
    await console_.getByRole('dialog').getByRole('button', { name: '处理举报' }).click();
    await console_.getByTestId('reason-input').fill('含外链广告，已下架');
    await console_.getByRole('button', { name: /确\s*定/ }).click();
    await console_.getByText('操作成功').first().waitFor();

    // Offline payment: confirm after checking the amount.
    await console_.goto(`${baseUrl()}/admin/#/queues/offlinePayment`);
    await console_.getByRole('cell', { name: order.orderNo }).click();
    await console_.getByRole('dialog').getByRole('button', { name: '确认到账' }).click();
    await console_.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await console_.getByText('操作成功').first().waitFor();

    // Mall: ship with courier and tracking number.
    await console_.goto(`${baseUrl()}/admin/#/queues/mallShipping`);
    await console_.getByRole('cell', { name: goods!.name }).first().click();
    await console_.getByTestId('courier-input').fill('顺丰速运');
    await console_.getByTestId('tracking-input').fill('SF1234567890');
    await console_.getByRole('button', { name: '确认发货' }).click();
    await console_.getByText('操作成功').first().waitFor();
    await screenshot(console_, 'console-shipped');
    expect(consoleErrors).toEqual([]);

    // ---- Each user sees the outcome ----
    // The phone still shows the result page from the submission: the app loads it afresh.
    await open(phone.page, '/auth/result');
    await phone.page.reload();
    await phone.page.getByText('已认证').first().waitFor({ timeout: 30_000 });
    await screenshot(phone.page, 'console-user-real-name-approved');
    // The message centre shows the approval.
    await show(phone.page, '/pages/index/notify/index');
    await phone.page.getByTestId('notify-item').filter({ hasText: '你的实名认证已通过审核' }).first().waitFor({ timeout: 30_000 });
    await screenshot(phone.page, 'console-user-notice');
    // The reported article is gone from the plaza.
    await show(phone.page, '/pages/plaza/index?category=1');
    await phone.page.getByTestId('article-card').first().waitFor({ timeout: 30_000 });
    expect(await reportedCard.count()).toBe(0);
    // The confirmed offline payment's membership shows on the mine tab (it ends later than before).
    await show(phone.page, '/pages/me/index');
    await expect.poll(() => expiry.textContent(), { timeout: 30_000 }).not.toBe(expiryBefore);
    await screenshot(phone.page, 'console-user-membership');
    // The shipped notebook shows its courier and tracking number in the demo user's exchange records.
    const demoPhone = await newPhonePage(browser);
    await withSession(demoPhone.context, demo);
    await open(demoPhone.page, '/activity/exchange/index');
    await demoPhone.page.getByTestId('mall-tab-mine').click();
    const shipping = demoPhone.page.getByTestId(`my-exchange-shipping-${goods!.id}`);
    await shipping.waitFor({ timeout: 30_000 });
    expect(await shipping.textContent()).toBe('快递：顺丰速运，单号 SF1234567890');
    await screenshot(demoPhone.page, 'console-user-shipped');
    expect(demoPhone.errors).toEqual([]);
    await demoPhone.context.close();
    expect(phone.errors).toEqual([]);
    await desk.close();
    await phone.context.close();
  }, 240_000);
});

describe('every console page against the real server', () => {
  it('opens each page and tab without an error, the dashboard with its charts', async () => {
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: baseUrl() });
    const page = await desk.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    const session = await loginByPassword('admin', process.env.ADMIN_PASSWORD ?? 'admin123456');
    await desk.addInitScript((value) => {
      localStorage.setItem('aichuang.admin.session', JSON.stringify({ type: 'object', data: value }));
    }, session);
    const failures: string[] = [];
    const visit = async (route: string, ready: () => Promise<unknown>) => {
      await page.goto(`${baseUrl()}/admin/#${route}`);
      await page.getByTestId('operator').waitFor({ timeout: 30_000 });
      try {
        await ready();
      } catch {
        failures.push(`${route}: never rendered`);
        return;
      }
      // Let every query of the page settle, then look for an error the page shows.
      await page.waitForLoadState('networkidle');
      const alerts = await page.locator('.ant-alert-error').allTextContents();
      if (alerts.length) failures.push(`${route}: ${alerts.join(' | ')}`);
    };
    const table = () => page.locator('.ant-table:visible').first().waitFor({ timeout: 15_000 });
    await visit('/dashboard', () => page.getByTestId('chart-users').locator('canvas').waitFor({ timeout: 30_000 }));
    await screenshot(page, 'console-dashboard-charts');
    for (const queue of ['realName', 'ambassadorApplication', 'ambassadorSubmission', 'report', 'offlinePayment', 'mallShipping', 'feedback']) {
      await visit(`/queues/${queue}`, table);
    }
    await visit('/content/works', table);
    await visit('/content/comments', table);
    await visit('/users', table);
    const demoId = (await api<{ id: number }>((await loginByPassword()).accessToken, 'GET', '/api/sysAuth/userInfo')).id;
    await visit(`/users/${demoId}`, () => page.locator('.ant-descriptions').first().waitFor({ timeout: 30_000 }));
    for (const tab of ['orders', 'packages', 'coupons', 'prizes', 'mall']) await visit(`/commerce/${tab}`, table);
    await visit('/commerce/checkIn', () => page.locator('form').first().waitFor({ timeout: 30_000 }));
    for (const tab of ['dictionary', 'appConfig', 'sensitiveWords', 'promptTemplates', 'commonInfo']) await visit(`/config/${tab}`, table);
    await visit('/config/profiles', () => page.locator('.ant-list-item').first().waitFor({ timeout: 30_000 }));
    await visit('/audit', () => page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 }));
    // Objects by their titles and names (issue 37 point 7), e.g. the work taken down above, not 作品 37.
    expect((await page.getByTestId('audit-target').allTextContents()).some((text) => /「.+」/.test(text))).toBe(true);
    await screenshot(page, 'console-audit');
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    await desk.close();
  }, 240_000);
});
