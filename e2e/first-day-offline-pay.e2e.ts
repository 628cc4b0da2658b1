import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * Issue 37 point 4: an offline order can be finished. The operator sets the payee in the console (1440×900),
 * a user at phone size buys the monthly VIP offline, reads the payee, copies the order number, uploads the
 * transfer screenshot; the operator sees it in the offline-payment queue and confirms; the user sees it paid.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAYEE = '杭州创作家科技有限公司';
const ACCOUNT = '6214 8300 0000 1234';

/** A small PNG of one colour, drawn by the page's canvas. */
const png = async (page: Page, colour: string) =>
  Buffer.from(
    await page.evaluate(async (c) => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 240;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 240, 240);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    }, colour),
  );

/** Whether the picture of a test id (an <img>, or antd's Image around one) is shown, loaded and not broken. */
const loaded = async (page: Page, testId: string) => {
  const found = page.getByTestId(testId);
  if (!(await found.count())) return false;
  return found.evaluate((el) => {
    const img = (el.tagName === 'IMG' ? el : el.querySelector('img')) as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth > 0;
  });
};

describe('offline payment in Chromium', () => {
  it('payee set in the console, transfer and screenshot on the phone, confirmed by the operator', async () => {
    // ---- The operator sets the payee ----
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const console_ = await desk.newPage();
    await console_.goto(`${baseUrl()}/admin/`);
    await console_.getByLabel('账号').fill('admin');
    await console_.getByLabel('密码').fill(process.env.ADMIN_PASSWORD ?? 'admin123456');
    await console_.getByRole('button', { name: /登\s*录/ }).click();
    await console_.getByTestId('operator').waitFor({ timeout: 30_000 });
    await console_.goto(`${baseUrl()}/admin/#/commerce/offlinePay`);
    await console_.getByTestId('offline-pay-payee').fill(PAYEE);
    await console_.getByTestId('offline-pay-bank').fill('招商银行杭州分行');
    await console_.getByTestId('offline-pay-account').fill(ACCOUNT);
    await console_.getByTestId('offline-pay-service').fill('https://work.weixin.qq.com/kfid/kf_demo');
    await console_.getByTestId('offline-pay-instructions').fill('转账时备注订单号，客服核对后自动开通');
    await console_.locator('input[type=file]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: await png(console_, '#111827') });
    await expect.poll(() => loaded(console_, 'offline-pay-qr'), { timeout: 30_000 }).toBe(true);
    await console_.getByTestId('offline-pay-save').click();
    await console_.getByText('操作成功').first().waitFor({ timeout: 30_000 });

    // ---- The user buys offline and reads where to transfer ----
    const phone = await newPhonePage(browser);
    await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await withSession(phone.context, await loginByPassword('13800000000', 'demo123456'));
    const page = phone.page;
    await open(page, '/pages/index/vip/index');
    await page.getByTestId('vip-packages').getByRole('button', { name: /月卡会员/ }).click();
    await page.getByTestId('pay-method-1').click();
    await page.getByTestId('pay-button').click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('offline-pay').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('order-result').getAttribute('data-state')).toBe('pending');
    expect(await page.getByTestId('offline-amount').textContent()).toBe('¥25.00');
    expect(await page.getByTestId('copy-payee-value').textContent()).toBe(PAYEE);
    expect(await page.getByTestId('copy-account-value').textContent()).toBe(ACCOUNT);
    expect(await page.getByTestId('offline-instructions').textContent()).toBe('转账时备注订单号，客服核对后自动开通');
    expect(await page.getByTestId('offline-service').getAttribute('href')).toBe('https://work.weixin.qq.com/kfid/kf_demo');
    await expect.poll(() => loaded(page, 'offline-qr'), { timeout: 15_000 }).toBe(true);
    const orderNo = (await page.getByTestId('copy-order-no-value').textContent())!;
    expect(orderNo).toMatch(/^P\d{20}$/);
    await page.getByTestId('copy-order-no').click();
    await page.getByText('复制成功').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNo);

    // The transfer screenshot, through the ordinary upload path.
    await page.getByTestId('transfer-proof-input').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: await png(page, '#16a34a') });
    await page.getByTestId('transfer-proof-image').waitFor({ timeout: 30_000 });
    await expect.poll(() => loaded(page, 'transfer-proof-image'), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'offline-pay-order');
    // Leaving and coming back: the member centre lists the order still waiting, with its screenshot.
    await page.getByTestId('order-done').click();
    await page.getByTestId('pending-offline-orders').waitFor({ timeout: 30_000 });
    await page.getByTestId('pending-offline-open').first().click();
    expect(await page.getByTestId('copy-order-no-value').textContent()).toBe(orderNo);
    await expect.poll(() => loaded(page, 'transfer-proof-image'), { timeout: 15_000 }).toBe(true);

    // ---- The operator sees the screenshot beside the order and confirms ----
    await console_.goto(`${baseUrl()}/admin/#/queues/offlinePayment`);
    await console_.getByRole('cell', { name: orderNo }).click();
    const drawer = console_.getByRole('dialog');
    await expect.poll(() => loaded(console_, 'transfer-proof'), { timeout: 15_000 }).toBe(true);
    await screenshot(console_, 'offline-pay-queue');
    await drawer.getByRole('button', { name: '确认到账' }).click();
    await console_.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await console_.getByText('操作成功').first().waitFor();

    // ---- The user's order turns paid ----
    await expect.poll(() => page.getByTestId('order-result').getAttribute('data-state'), { timeout: 30_000 }).toBe('paid');
    expect(await page.getByTestId('order-result-title').textContent()).toBe('支付成功');
    await desk.close();
  });
});
