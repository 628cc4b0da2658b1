import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiResult, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';
import { phonePhoto } from './phone-photo';

/**
 * Issue 37, point 6 as a new user lives it on a phone (390×844, zh-CN): a phone photo uploaded through 以图生图 →
 * 从相册上传 stays out of 参考角色; after 开始绘画 the new picture scrolls into view; the published drawing is found
 * under one name in one place (the plaza's 绘画 tab is the 绘画广场's list).
 */
const LONG = { timeout: 120_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Whether the element is (at least partly) on screen. */
const onScreen = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    return !!box && box.bottom > 0 && box.top < window.innerHeight;
  }, selector);

describe('first day: the drawing flow', { timeout: 300_000 }, () => {
  it('img2img from the album stays out of the roles, the new picture comes into view, and it is published to the plaza’s 绘画 tab', async () => {
    const session = await loginByPassword();
    const roles = () => apiResult<unknown[]>('/api/aiDrawProject/roleImages', session.accessToken);
    const rolesBefore = (await roles()).length;
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/draw/index');
    await expect.poll(() => page.getByTestId('draw-cost').textContent(), LONG).toContain('预计消耗');

    // 以图生图 → 从相册上传: a 12-megapixel photo, compressed to the drawing class (2 MB) on the way.
    await page.getByTestId('draw-source-open').click();
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/aiDrawProject/uploadRoleImages'), LONG);
    await page.getByTestId('draw-source-file').setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    expect((await (await uploaded).json()) as { code: number }).toMatchObject({ code: 200 });
    await page.getByTestId('draw-source-chosen').waitFor(LONG);
    // Not a role: neither on screen nor in my role images.
    expect(await page.locator('.draw-role').count()).toBe(rolesBefore);
    expect((await roles()).length).toBe(rolesBefore);

    await page.getByTestId('draw-prompt').fill('窗边的一杯拿铁，午后阳光');
    // The recent works start below the fold on a phone.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await onScreen(page, '[data-testid="draw-recent"], [data-testid="draw-empty"]')).toBe(false);
    await page.getByTestId('draw-submit').click();
    const card = page.locator('[data-testid^="draw-card-"]').first();
    await card.waitFor(LONG);
    await expect.poll(() => onScreen(page, '[data-testid^="draw-card-"]'), LONG).toBe(true);
    await screenshot(page, 'first-day-drawing-started');
    await expect.poll(() => card.getAttribute('data-status'), LONG).toBe('succeeded');

    // Published: the hall is the 绘画广场, and the plaza's 绘画 tab shows the same list.
    await card.click();
    await expect.poll(() => currentRoute(page), LONG).toBe('/draw/home/detail');
    expect(await page.getByTestId('draw-publish').textContent()).toContain('发布到绘画广场');
    await page.getByTestId('draw-publish').click();
    await expect.poll(() => currentRoute(page)).toBe('/draw/publish/canema');
    const title = `午后拿铁 ${Date.now() % 10000}`;
    await page.getByTestId('publish-title').fill(title);
    await page.getByTestId('publish-submit').click();
    await expect.poll(() => page.getByTestId('draw-title').textContent().catch(() => null), LONG).toBe(title);

    await open(page, '/draw/home/hall');
    await expect.poll(() => page.getByTestId('nav-title').textContent(), LONG).toBe('绘画广场');
    await page.locator('[data-testid^="draw-card-"]', { hasText: title }).waitFor(LONG);

    await open(page, '/pages/plaza/index');
    await page.getByTestId('plaza-tab-drawing').click();
    await page.getByTestId('plaza-drawings').locator('[data-testid^="draw-card-"]', { hasText: title }).waitFor(LONG);
    expect(await page.getByText('广场还没有作品').count()).toBe(0);
    await screenshot(page, 'first-day-drawing-plaza-tab');
    expect(errors).toEqual([]);
    await context.close();
  });
});
