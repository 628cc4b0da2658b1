import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * Issue 27 point 4: a network blip never erases typed text. The page being typed on stays, under a non-blocking
 * offline banner (no error page); what was typed is a draft that survives the blip and a reload, until sent.
 */
const LONG = 60_000;
/** How long the connection is gone: the blip of the report. */
const BLIP_MS = 1500;
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Cuts the connection for a moment: the banner shows over the page that stays; then it comes back. */
const blip = async (context: BrowserContext, page: Page, route: string, shot: string) => {
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.getByTestId('offline-banner').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('offline-banner').textContent()).toBe('网络已断开，输入的内容会为你保留');
  await page.waitForTimeout(BLIP_MS);
  expect(currentRoute(page)).toBe(route);
  expect(await page.getByTestId('error-network').count()).toBe(0);
  await screenshot(page, shot);
  await context.setOffline(false);
  await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 10_000 });
  expect(currentRoute(page)).toBe(route);
};

describe('the first day of a new user: nothing typed is lost on a network blip (point 4)', () => {
  it('keeps the copy request through a blip and a reload, and forgets it once generated', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    await open(page, '/pages/index/create/index');
    const request = '给社区咖啡馆写一段开业文案，突出手冲和桂花拿铁';
    await page.getByTestId('create-free').fill(request, { timeout: LONG });

    await blip(context, page, '/pages/index/create/index', 'drafts-create-offline');
    expect(await page.getByTestId('create-free').inputValue()).toBe(request);

    await page.reload();
    await expect.poll(() => page.getByTestId('create-free').inputValue(), { timeout: LONG }).toBe(request);

    await page.getByTestId('create-generate').click();
    await expect.poll(() => currentRoute(page), { timeout: LONG }).toBe('/pages/detail/copy');
    await open(page, '/pages/index/create/index');
    await page.reload();
    await page.getByTestId('create-free').waitFor({ timeout: LONG });
    expect(await page.getByTestId('create-free').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the drawing prompt through a blip and a reload, and forgets it once the drawing is accepted', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    await open(page, '/draw/index');
    await page.getByTestId('draw-cost').waitFor({ timeout: LONG });
    const prompt = '雨后的江南小巷，青石板路，油纸伞';
    await page.getByTestId('draw-prompt').fill(prompt);

    await blip(context, page, '/draw/index', 'drafts-draw-offline');
    expect(await page.getByTestId('draw-prompt').inputValue()).toBe(prompt);

    await page.reload();
    await expect.poll(() => page.getByTestId('draw-prompt').inputValue(), { timeout: LONG }).toBe(prompt);

    await expect.poll(() => page.getByTestId('draw-cost').textContent(), { timeout: LONG }).toContain('金币');
    await page.getByTestId('draw-submit').click();
    await page.getByText('已开始绘画').waitFor({ timeout: LONG });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')))).toEqual([]);
    await page.reload();
    await page.getByTestId('draw-prompt').waitFor({ timeout: LONG });
    expect(await page.getByTestId('draw-prompt').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the post being written (title and text) through a blip and a reload, and forgets it once published', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    await open(page, '/pages/detail/post');
    await page.getByTestId('post-page').waitFor({ timeout: LONG });
    const title = '周末的桂花小路';
    const body = '下午沿着河边走了一圈，桂花开得正好，空气里都是甜味。';
    await page.getByTestId('post-title').fill(title);
    await page.getByTestId('post-content').fill(body);

    await blip(context, page, '/pages/detail/post', 'drafts-post-offline');
    expect(await page.getByTestId('post-title').inputValue()).toBe(title);
    expect(await page.getByTestId('post-content').inputValue()).toBe(body);

    await page.reload();
    await expect.poll(() => page.getByTestId('post-title').inputValue(), { timeout: LONG }).toBe(title);
    expect(await page.getByTestId('post-content').inputValue()).toBe(body);

    await page.getByTestId('post-publish').click();
    await expect.poll(() => currentRoute(page), { timeout: LONG }).toBe('/pages/detail/article');
    await open(page, '/pages/detail/post');
    await page.reload();
    await page.getByTestId('post-page').waitFor({ timeout: LONG });
    expect(await page.getByTestId('post-title').inputValue()).toBe('');
    expect(await page.getByTestId('post-content').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
