import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRoute, newPhonePage, open, outboxCode, screenshot, startBrowser } from './helpers';

/** Accounts journeys: SMS login with the dev outbox code, mine tab, logout, password login; real-name; bad input. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const smsLogin = async (page: Page, phone: string) => {
  await open(page, '/pages/user/login');
  await page.getByTestId('login-page').waitFor();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('send-code').click();
  await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/秒后重发/);
  let code: string | undefined;
  await expect.poll(() => (code = outboxCode(phone))).toMatch(/^\d{6}$/);
  await page.getByTestId('code-input').fill(code!);
  await page.getByTestId('agreement-input').check();
  await page.getByTestId('submit').click();
};

describe('accounts in Chromium at phone size', () => {
  it('logs in by SMS code, sees the masked phone on the mine tab, logs out, logs in by password', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await smsLogin(page, '13800000000');
    await expect.poll(() => currentRoute(page)).toBe('/pages/index/index');
    await page.getByTestId('tab-3').click();
    await expect.poll(() => page.getByTestId('mine-phone').textContent()).toBe('138****0000');
    await expect.poll(() => page.getByTestId('mine-gold').textContent()).toBe('120000');
    await screenshot(page, 'accounts-mine');

    await page.getByTestId('mine-account').click();
    await page.getByTestId('account-page').waitFor();
    await page.getByTestId('logout').click();
    // Logging out asks first.
    const ask = page.locator('.adm-dialog-body').filter({ hasText: '确定要退出登录吗？' });
    await ask.getByRole('button', { name: '退出登录', exact: true }).click();
    await expect.poll(() => currentRoute(page)).toBe('/pages/user/index');
    expect(await page.evaluate(() => window.localStorage.getItem('session'))).toBeNull();

    await page.getByTestId('to-passwd-login').click();
    await page.getByTestId('passwd-page').waitFor();
    await page.getByTestId('account-input').fill('13800000000');
    await page.getByTestId('password-input').fill('demo123456');
    await page.getByTestId('agreement-input').check();
    await page.getByTestId('submit').click();
    await expect.poll(() => currentRoute(page)).toBe('/pages/index/index');
    await open(page, '/pages/me/index');
    await expect.poll(() => page.getByTestId('mine-phone').textContent()).toBe('138****0000');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('submits the real-name form and lands on the pending result', async () => {
    const { context, page } = await newPhonePage(browser);
    await smsLogin(page, '13912340000');
    await expect.poll(() => currentRoute(page)).toBe('/pages/index/index');
    await open(page, '/auth/index');
    await page.getByTestId('real-name-page').waitFor();
    await page.getByTestId('realName-input').fill('张三');
    await page.getByTestId('idCardNum-input').fill('11010519491231002X');
    await page.getByTestId('submit').click();
    await expect.poll(() => currentRoute(page)).toBe('/auth/result');
    await expect.poll(() => page.getByTestId('real-name-status').textContent()).toBe('审核中');
    expect(await page.getByTestId('real-name-id').textContent()).toContain('110***********002X');
    await screenshot(page, 'accounts-real-name-pending');
    await context.close();
  });

  it('bad input shows the field message and changes nothing', async () => {
    const { context, page } = await newPhonePage(browser);
    await open(page, '/pages/user/login');
    await page.getByTestId('login-page').waitFor();
    await page.getByTestId('phone-input').fill('1380000');
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('phone-error').textContent()).toBe('请输入正确的手机号');
    expect(outboxCode('1380000')).toBeUndefined();

    await open(page, '/pages/user/passwd');
    await page.getByTestId('passwd-page').waitFor();
    await page.getByTestId('account-input').fill('13800000000');
    await page.getByTestId('password-input').fill('123');
    await page.getByTestId('agreement-input').check();
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByTestId('password-error').textContent()).toBe('密码长度为6-21位');
    expect(currentRoute(page)).toBe('/pages/user/passwd');
    expect(await page.evaluate(() => window.localStorage.getItem('session'))).toBeNull();

    await page.getByTestId('password-input').fill('demo123456');
    await page.getByTestId('submit').click();
    await expect.poll(() => currentRoute(page)).toBe('/pages/index/index');
    await open(page, '/auth/index');
    await page.getByTestId('real-name-page').waitFor();
    await page.getByTestId('realName-input').fill('李四');
    await page.getByTestId('idCardNum-input').fill('110105194912310021');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByTestId('idCardNum-error').textContent()).toBe('请输入正确的身份证号');
    expect(currentRoute(page)).toBe('/auth/index');
    await screenshot(page, 'accounts-bad-id');
    await context.close();
  });
});
