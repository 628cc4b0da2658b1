import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * What must look finished at phone size: antd-mobile's theme variables are loaded, so confirm dialogs and
 * action sheets are opaque rather than drawn over the dimmed page; a member's mine tab shows the membership.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The computed background colour's alpha (1 = opaque); 0 for `transparent`. */
const backgroundAlpha = (locator: Locator): Promise<number> =>
  locator.evaluate((element) => {
    const colour = getComputedStyle(element).backgroundColor;
    const parts = /rgba?\(([^)]+)\)/.exec(colour)?.[1]?.split(',').map((p) => Number(p.trim()));
    if (!parts) return 0;
    return parts.length === 4 ? parts[3]! : 1;
  });

describe('dialogs, sheets and the mine tab in Chromium', () => {
  it('the payment confirmation dialog and the article action sheet have opaque backgrounds', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());

    await open(page, '/pages/index/vip/index');
    await page.getByTestId('pay-button').waitFor({ timeout: 60_000 });
    await page.getByTestId('pay-button').click();
    const dialog = page.locator('.adm-dialog-body');
    await dialog.waitFor({ timeout: 30_000 });
    // The variable the dialog's background is made of is defined for the whole app.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--adm-color-background').trim())).toMatch(/^#fff(fff)?$/);
    expect(await backgroundAlpha(dialog)).toBe(1);
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'item5-pay-confirm-dialog');
    await page.locator('.adm-dialog-footer button').first().click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });

    const res = await fetch(`${baseUrl()}/api/sysArticle/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, pageSize: 1, categoryId: 1 }),
    });
    const article = ((await res.json()) as { result: { items: { id: number }[] } }).result.items[0];
    expect(article).toBeDefined();
    await open(page, `/pages/detail/article?id=${article!.id}`);
    await page.getByTestId('article-more').click();
    const sheet = page.locator('.adm-action-sheet-popup .adm-popup-body');
    await sheet.waitFor({ timeout: 30_000 });
    await page.locator('.adm-action-sheet-button-item').first().waitFor();
    expect(await backgroundAlpha(sheet)).toBe(1);
    await page.waitForTimeout(400); // the sheet's slide-in
    await screenshot(page, 'item5-article-action-sheet');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a member opening the mine tab sees the membership and its expiry', async () => {
    const { context, page } = await newPhonePage(browser);
    await withSession(context, await loginByPassword('13800000001'));
    await open(page, '/pages/me/index');
    const card = page.getByTestId('mine-vip-member');
    await card.waitFor({ timeout: 60_000 });
    expect(await card.textContent()).toMatch(/尊享会员\d{4}-\d{2}-\d{2} 到期续费/);
    expect(await page.getByTestId('mine-vip').count()).toBe(0);
    await screenshot(page, 'item7-mine-member');
    await context.close();
  });
});
