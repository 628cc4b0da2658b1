import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Personal homepages in Chromium: another person's shows them (not the caller), one's own lets the background change. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Card {
  isMine: boolean;
  author: { id: number; nickName: string };
}

describe('personal homepages in Chromium', () => {
  it("another author's homepage shows the author's header and works, with block and report", async () => {
    const session = await loginByPassword();
    const res = await fetch(`${baseUrl()}/api/sysArticle/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ page: 1, pageSize: 20, categoryId: 1 }),
    });
    const cards = ((await res.json()) as { result: { items: Card[] } }).result.items;
    const other = cards.find((c) => !c.isMine)?.author;
    expect(other, 'a seeded work by someone else').toBeDefined();

    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, `/pages/me/profile?userId=${other!.id}`);
    await page.getByTestId('profile-name').waitFor({ timeout: 60_000 });
    expect((await page.getByTestId('profile-name').textContent())?.startsWith(other!.nickName)).toBe(true);
    expect(await page.getByTestId('profile-change-bg').count()).toBe(0);
    await page.getByTestId('profile-block').waitFor();
    await page.getByTestId('profile-report').waitFor();
    await page.getByTestId('article-card').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'item3-other-profile');

    await page.getByTestId('profile-report').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/set/help/report');
    expect(new URL(page.url()).hash).toContain(`id=${other!.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on one’s own homepage "更换背景" can be tapped (nothing covers it) and the works heading has its margin', async () => {
    const { context, page } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    await open(page, '/pages/me/profile');
    const link = page.getByTestId('profile-change-bg');
    await link.waitFor({ timeout: 60_000 });
    await page.getByTestId('user-works').waitFor();
    // The element at the link's centre is the link itself.
    expect(
      await link.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
      }),
    ).toBe(true);
    const headingLeft = await page.locator('.user-works__title').evaluate((el) => el.getBoundingClientRect().left);
    expect(headingLeft).toBeGreaterThanOrEqual(10);
    await screenshot(page, 'item8-own-profile');
    await link.click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/set/wallpaper');
    await context.close();
  });
});
