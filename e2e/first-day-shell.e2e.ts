import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Issue 27, the shell's points: plain links, publishing a generated copy, the home banner, share posters' QR codes. */
const LONG = 60_000;
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Reads the QR code of the poster on screen (the PNG the canvas gave, decoded in Node with jsqr). */
const scanPoster = async (page: Page): Promise<string | undefined> => {
  const src = (await page.getByTestId('poster-image').getAttribute('src')) ?? '';
  const png = Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
};

describe('the first day of a new user: the shell', () => {
  it('opens a shared link without "#" on its page (point 5)', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    const response = await page.goto(`${baseUrl()}/pages/plaza/index?sort=new`);
    expect(response?.status()).toBe(200);
    await page.getByTestId('plaza-page').waitFor({ timeout: LONG });
    expect(currentRoute(page)).toBe('/pages/plaza/index');
    expect(new URL(page.url()).hash).toBe('#/pages/plaza/index?sort=new');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes a generated copy through the prefilled editor; 我的文章 on the video page shows it (point 7)', async () => {
    const session = await loginByPassword();
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    // The video page's list of my articles is loaded before publishing.
    await open(page, '/media/video/index');
    await page.getByTestId('source-article').waitFor({ timeout: LONG });

    await open(page, '/pages/index/temps/index');
    await page.getByTestId('temps-item').first().click({ timeout: LONG });
    const templateName = (await page.getByTestId('temps-detail').locator('h1, h2').first().textContent({ timeout: LONG }))?.trim();
    await page.getByTestId('temps-use').click();
    await page.getByTestId('create-page').waitFor({ timeout: LONG });
    const fields = page.locator('[data-testid^="field-"]');
    for (let i = 0; i < (await fields.count()); i++) {
      const field = fields.nth(i);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
        await field.selectOption(await field.evaluate((el) => (el as HTMLSelectElement).options[1]?.value ?? ''));
      } else await field.fill('秋日限定桂花拿铁');
    }
    await page.getByTestId('create-generate').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="copy-page"]')?.getAttribute('data-status') === 'done', undefined, { timeout: LONG });
    await page.getByTestId('offline-badge').waitFor();

    await page.getByTestId('copy-publish').click();
    await expect.poll(() => currentRoute(page), { timeout: LONG }).toBe('/pages/detail/post');
    await expect.poll(() => page.getByTestId('post-title').inputValue(), { timeout: LONG }).not.toBe('');
    const title = await page.getByTestId('post-title').inputValue();
    if (templateName) expect(title).not.toBe(templateName);
    const content = await page.getByTestId('post-content').inputValue();
    expect(content.length).toBeGreaterThan(10);
    expect(content).not.toContain('离线引擎');
    expect(content).not.toMatch(/^\*\*标题/); // the labelled title line is not repeated in the body
    expect(await page.getByTestId('post-engine').textContent()).toBe('由离线引擎生成');
    await screenshot(page, 'first-day-copy-post-editor');
    await page.getByTestId('post-publish').click();
    await expect
      .poll(async () => ((await page.getByTestId('post-error').count()) ? await page.getByTestId('post-error').textContent() : currentRoute(page)), { timeout: LONG })
      .toBe('/pages/detail/article');

    await open(page, '/media/video/index');
    await page.getByTestId('source-article').click({ timeout: LONG });
    await expect
      .poll(() => page.getByTestId('article-select').locator('option').allTextContents(), { timeout: LONG })
      .toContain(title);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows text-free banner pictures under a caption in the reader’s language (point 9)', async () => {
    const { context, page } = await newPhonePage(browser, { locale: 'en-US' });
    await withSession(context, await loginByPassword());
    await context.addInitScript(() => window.localStorage.setItem('language', JSON.stringify({ type: 'string', data: 'en' })));
    await open(page, '/pages/index/index');
    const banner = page.getByTestId('home-banner').first();
    await banner.waitFor({ timeout: LONG });
    await expect.poll(() => banner.locator('.home-banner__title').textContent(), { timeout: 20_000 }).toBe('One tap to a video: copy and video in a minute');
    const svg = await (await fetch(`${baseUrl()}${await banner.locator('img').getAttribute('src')}`)).text();
    expect(svg).not.toMatch(/<text\b/);
    await screenshot(page, 'first-day-home-banner-en');
    await context.close();
  }, 120_000);

  it('puts a QR code of the share link on an article’s poster (point 11)', async () => {
    const session = await loginByPassword();
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    const res = await fetch(`${baseUrl()}/api/sysArticle/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ page: 1, pageSize: 5, categoryId: 1 }),
    });
    const id = ((await res.json()) as { result: { items: { id: number }[] } }).result.items[0]!.id;
    await open(page, `/pages/detail/banner?articleId=${id}`);
    await page.getByTestId('poster-image').waitFor({ timeout: LONG });
    const link = await page.getByTestId('poster-image').getAttribute('data-link');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*#\/pages\/detail\/forward\?/);
    expect(await scanPoster(page)).toBe(link);
    await screenshot(page, 'first-day-article-poster');
    // The scanned link opens the work for a visitor.
    const visitor = await newPhonePage(browser);
    await visitor.page.goto(link!);
    await expect.poll(() => currentRoute(visitor.page), { timeout: LONG }).toBe('/pages/detail/forward');
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts a QR code of the work’s link on a published drawing’s poster (point 11)', async () => {
    const session = await loginByPassword();
    const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: { authorization: `Bearer ${session.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await res.json()) as { code: number; result: T };
      if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
      return answer.result;
    };
    const { id } = await api<{ id: number }>('POST', '/api/aiDraw/imagine', { prompt: '海边的灯塔', ratio: '1:1', count: 1 });
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/api/aiDraw/detail?id=${id}`)).status, { timeout: 150_000, interval: 1000 })
      .toBe('succeeded');
    await api('POST', '/api/aiDraw/publish', { id, title: '海边的灯塔' });

    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, `/draw/home/detail?id=${id}`);
    await page.getByTestId('draw-poster').click({ timeout: LONG });
    await page.getByTestId('poster-image').waitFor({ timeout: LONG });
    const link = await page.getByTestId('poster-image').getAttribute('data-link');
    expect(link).toBe(`${baseUrl()}/#/draw/home/detail?id=${id}`);
    expect(await scanPoster(page)).toBe(link);
    await screenshot(page, 'first-day-drawing-poster');
    await page.getByTestId('draw-poster-close').click();
    await page.getByTestId('draw-poster-dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
