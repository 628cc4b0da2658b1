import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiResult, currentRoute, loginByPassword, newPhonePage, open, outboxCode, screenshot, startBrowser } from './helpers';

/**
 * Account deletion (注销) in Chromium at phone size: the page lists what is lost and waits while an order is being
 * paid; the request needs the SMS code of the bound phone; a login in the cooling-off period offers to cancel,
 * and cancelling keeps the account.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = '13955550001';
const PASSWORD = 'keep-me-123';

const smsLogin = async (page: Page, phone: string) => {
  await open(page, '/pages/user/login');
  await page.getByTestId('login-page').waitFor();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('send-code').click();
  let code: string | undefined;
  await expect.poll(() => (code = outboxCode(phone))).toMatch(/^\d{6}$/);
  await page.getByTestId('code-input').fill(code!);
  await page.getByTestId('agreement-input').check();
  await page.getByTestId('submit').click();
  await expect.poll(() => currentRoute(page), { timeout: 15_000 }).toBe('/pages/index/index');
};

const sessionToken = async (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(window.localStorage.getItem('session') ?? '{}') as { data: { accessToken: string } }).data.accessToken);

describe('account deletion in Chromium at phone size', () => {
  it('shows the losses, waits for an order being paid, needs the code, and is cancelled by logging in again', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await smsLogin(page, PHONE);
    const token = await sessionToken(page);
    await apiResult('/api/sysUser/setPwd', token, { password: PASSWORD });
    const { gold } = await apiResult<{ gold: number }>('/api/sysUser/baseInfo', token);
    const packages = await apiResult<{ id: number; priceFen: number; obtainMethod?: number }[]>('/api/sysGoldPackage/list', token);
    const paid = packages.find((p) => p.priceFen > 0 && p.obtainMethod !== 2)!;
    const order = await apiResult<{ id: number; orderNo: string }>('/api/sysPay/buyGoldPackage', token, { packageId: paid.id, payMethod: 1 });

    // Mine → account management → delete account: what is lost, and the order being paid holds it back.
    await open(page, '/pages/me/index');
    await page.getByTestId('mine-account').click();
    await page.getByTestId('account-delete').click();
    await page.getByTestId('deletion-losses').waitFor();
    await expect.poll(() => page.getByTestId('loss-gold').textContent()).toContain(String(gold));
    expect(await page.getByTestId('loss-articles').textContent()).toContain('0');
    expect(await page.getByTestId('deletion-orders').textContent()).toContain(order.orderNo);
    expect(await page.getByTestId('deletion-orders').textContent()).toContain('正在支付中');
    await page.getByTestId('delete-agree').check();
    expect(await page.getByTestId('delete-account').isDisabled()).toBe(true);
    await screenshot(page, 'deletion-order-waits');

    // The order cancelled, the request needs the code sent to the bound phone.
    await apiResult('/api/sysOrder/cancel', token, { id: order.id });
    await page.reload();
    await page.getByTestId('deletion-losses').waitFor();
    expect(await page.getByTestId('deletion-orders').count()).toBe(0);
    expect(await page.getByTestId('deletion-proof').textContent()).toContain('139****0001');
    await page.getByTestId('delete-agree').check();
    await page.getByTestId('delete-account').click();
    await expect.poll(() => page.getByTestId('code-error').textContent()).toBe('请输入验证码');
    await page.getByTestId('code-input').fill('000000');
    await page.getByTestId('delete-account').click();
    await page.locator('.adm-dialog-body').filter({ hasText: '15 天后永久注销' }).getByRole('button', { name: '确认注销' }).click();
    // No code has been sent for the deletion (the login's was spent): refused, nothing changes.
    await expect.poll(() => page.getByTestId('code-error').textContent()).toBe('验证码已失效，请重新获取');
    expect(currentRoute(page)).toBe('/set/account/logout');

    // The code goes to the bound phone, under SendCaptcha's limits (one a minute: the login's was just sent).
    const loginCode = outboxCode(PHONE);
    const sendButton = page.getByTestId('send-code');
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          if (await sendButton.isEnabled()) await sendButton.click();
          return (code = outboxCode(PHONE));
        },
        { timeout: 90_000, interval: 5000 },
      )
      .not.toBe(loginCode);
    await page.getByTestId('code-input').fill(code!);
    await page.getByTestId('delete-account').click();
    await page.locator('.adm-dialog-body').filter({ hasText: '15 天后永久注销' }).getByRole('button', { name: '确认注销' }).click();
    // The confirmation says when; the session is gone.
    await page.getByTestId('deletion-requested').waitFor();
    expect(await page.getByTestId('deletion-requested').textContent()).toContain('重新登录，可以撤销注销');
    await screenshot(page, 'deletion-requested');
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => currentRoute(page), { timeout: 15_000 }).toBe('/pages/user/index');
    expect(await page.evaluate(() => window.localStorage.getItem('session'))).toBeNull();

    // Logging in again during the cooling-off period lands on the offer to cancel.
    await open(page, '/pages/user/passwd');
    await page.getByTestId('passwd-page').waitFor();
    await page.getByTestId('account-input').fill(PHONE);
    await page.getByTestId('password-input').fill(PASSWORD);
    await page.getByTestId('agreement-input').check();
    await page.getByTestId('submit').click();
    await expect.poll(() => currentRoute(page), { timeout: 15_000 }).toBe('/set/account/logout');
    await page.getByTestId('deletion-pending').waitFor();
    expect(await page.getByTestId('deletion-pending').textContent()).toContain('账号将于');
    await screenshot(page, 'deletion-pending');
    await page.getByTestId('deletion-cancel').click();
    await expect.poll(() => currentRoute(page), { timeout: 15_000 }).not.toBe('/set/account/logout');
    const again = await loginByPassword(PHONE, PASSWORD);
    expect((await apiResult<{ deletionDueAt: string | null }>('/api/sysUser/baseInfo', again.accessToken)).deletionDueAt).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
