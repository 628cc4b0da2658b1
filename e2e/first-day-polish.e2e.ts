import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, startBrowser, withSession } from './helpers';

/**
 * Issue 27 point 14, the small things a new user sees on the first day (phone 390×844, zh-CN): visitor mode
 * without a contradiction of toasts, banners and dialogs; logging out asks first; a blocked author's work says
 * so and offers to unblock; the template detail renders its markdown and centres its button; 下载管理 lists the
 * dubbing just made; the account page's text boxes match; the package detail's button is no underlined link.
 */
const WAIT = { timeout: 60_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const api = async <T>(path: string, token: string | null, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; result: T };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.result;
};

/** The texts of the toasts and dialogs on screen now. */
const overlays = (page: Page) =>
  page.evaluate(() => ({
    toasts: [...document.querySelectorAll('.adm-toast-main')].map((e) => e.textContent ?? ''),
    dialogs: [...document.querySelectorAll('.adm-dialog-body')].map((e) => e.textContent ?? ''),
  }));

describe('first day: the small things (issue 27 point 14)', { timeout: 240_000 }, () => {
  it('visitor mode: entering says so; a creation tile only offers to log in, and 取消 stays', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await open(page, '/pages/user/index');
    await page.getByTestId('visitor-login').click(WAIT);
    await page.getByText('已进入访客模式，登录后可使用全部功能').waitFor(WAIT);
    expect((await overlays(page)).toasts.join()).not.toContain('登录成功');
    expect(currentRoute(page)).toBe('/pages/index/index');
    await page.getByText('已进入访客模式，登录后可使用全部功能').waitFor({ state: 'detached', ...WAIT });

    await page.locator('a[href="#/draw/index"]').first().click();
    const dialog = page.locator('.adm-dialog-body').filter({ hasText: '游客模式' });
    await dialog.waitFor(WAIT);
    // One way to say it: no login page behind the dialog, no banner, no toast.
    expect(currentRoute(page)).toBe('/draw/index');
    expect(await page.getByTestId('guest-notice').count()).toBe(0);
    expect((await overlays(page)).toasts).toEqual([]);
    await dialog.getByText('取消').click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    expect(currentRoute(page)).toBe('/draw/index');
    // Still a visitor: the session was kept.
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logging out asks first: 取消 keeps the session, 退出登录 ends it', async () => {
    const session = await loginByPassword();
    const { context, page } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/set/account/index');
    await page.getByTestId('logout').click(WAIT);
    const ask = page.locator('.adm-dialog-body').filter({ hasText: '确定要退出登录吗？' });
    await ask.waitFor(WAIT);
    await ask.getByRole('button', { name: '取消', exact: true }).click();
    await ask.waitFor({ state: 'detached', ...WAIT });
    expect(currentRoute(page)).toBe('/set/account/index');
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();

    await page.getByTestId('logout').click();
    await ask.waitFor(WAIT);
    await ask.getByRole('button', { name: '退出登录', exact: true }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/pages/user/index'), undefined, WAIT);
    await context.close();
  });

  it('the account page: nickname and bio boxes have one width and the page font', async () => {
    const session = await loginByPassword();
    const { context, page } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/set/account/index');
    const nick = page.getByTestId('nickname-input');
    const bio = page.getByTestId('introduction-input');
    await bio.waitFor(WAIT);
    const [a, b] = [await nick.boundingBox(), await bio.boundingBox()];
    expect(Math.abs(a!.width - b!.width)).toBeLessThan(1);
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(1);
    const fonts = await Promise.all([nick, bio].map((l) => l.evaluate((e) => getComputedStyle(e).fontFamily)));
    expect(fonts[1]).toBe(fonts[0]);
    expect(fonts[1]).not.toMatch(/monospace/);
    await context.close();
  });

  it('a blocked author’s work says the author is blocked, and 解除屏蔽 shows it again', async () => {
    const session = await loginByPassword();
    const me = await api<{ id: number }>('/api/sysAuth/userInfo', session.accessToken);
    const works = await api<{ items: { id: number; title: string; author: { id: number } }[] }>('/api/sysArticle/page', null, {
      page: 1,
      pageSize: 20,
    });
    const work = works.items.find((w) => w.author.id !== me.id && w.author.id > 0)!;
    expect(work).toBeDefined();
    await api('/api/sysUserBlock/add', session.accessToken, { userId: work.author.id });

    const { context, page } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, `/pages/detail/article?id=${work.id}`);
    const blocked = page.getByTestId('article-blocked');
    await blocked.waitFor(WAIT);
    expect(await blocked.textContent()).toContain('你已屏蔽该作者');
    expect(await page.getByText('内容不存在或已被删除').count()).toBe(0);
    await page.getByTestId('article-unblock').click();
    await page.getByTestId('article-title').waitFor(WAIT);
    await context.close();
  });

  it('the template detail renders its markdown and centres 使用模板', async () => {
    const session = await loginByPassword();
    const { context, page } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/index/temps/index');
    await page.getByTestId('temps-item').first().click(WAIT);
    const detail = page.getByTestId('temps-detail');
    await detail.waitFor(WAIT);
    expect(await detail.textContent()).not.toContain('**');
    expect(await detail.locator('.temps-example strong').count()).toBeGreaterThan(0);
    const button = page.getByTestId('temps-use');
    const centres = await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return { button: box.top + box.height / 2, text: text.top + text.height / 2, decoration: getComputedStyle(el).textDecorationLine };
    });
    expect(Math.abs(centres.button - centres.text)).toBeLessThan(2);
    expect(centres.decoration).toBe('none');
    await context.close();
  });

  it('the package detail: 立即开通 is a button (not underlined), the chips keep apart from the next heading', async () => {
    const session = await loginByPassword();
    const packages = await api<{ id: number; vipDays: number }[]>('/api/sysGoldPackage/list', null);
    const vip = packages.find((p) => p.vipDays > 0) ?? packages[0]!;
    const { context, page } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, `/pages/index/vip/detail?id=${vip.id}`);
    const buy = page.getByTestId('buy-this');
    await buy.waitFor(WAIT);
    expect(await buy.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    const gap = await page.evaluate(() => {
      const list = document.querySelector('.vip-detail .vip-benefits')!;
      const next = list.nextElementSibling!;
      return next.getBoundingClientRect().top - list.getBoundingClientRect().bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(8);
    await context.close();
  });

  it('下载管理 lists the dubbing just made', async () => {
    const session = await loginByPassword();
    const task = await api<{ id: number }>('/api/textToSpeech/add', session.accessToken, {
      text: '下载管理里应该能看到这段配音。',
      voice: 'espeak-cmn-f3',
      speed: 100,
    });
    await expect
      .poll(async () => (await api<{ status: string }>(`/api/textToSpeech/detail?id=${task.id}`, session.accessToken)).status, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe('succeeded');
    const { context, page } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/set/files');
    const list = page.getByTestId('files-page');
    await list.waitFor(WAIT);
    const entry = list.locator('.files-item').filter({ hasText: '下载管理里应该能看到这段配音' });
    await entry.waitFor(WAIT);
    expect(await entry.textContent()).toContain('配音');
    await context.close();
  });
});
