import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * The rough screens, finished, at phone size: plaza cards (no half-cut line, the "+" over no like count), the
 * checkout (pinned pay button saying what it spends), the paid result, the referral poster, the service chat's
 * acknowledgement, creation without a template, a detail page without an id, and the app in English.
 * Screenshots also go to SHOTS_DIR when it is set.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shoot = async (page: Page, name: string) => {
  await screenshot(page, name);
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png` });
  }
};

describe('finished screens in Chromium at phone size', () => {
  it('plaza cards: no text shows below a clamped summary, and the + button covers no like count', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    await open(page, '/pages/plaza/index');
    await page.getByTestId('article-card').first().waitFor({ timeout: 30_000 });
    const post = await page.getByTestId('plaza-post').boundingBox();
    expect(post).not.toBeNull();
    // Scroll through the list: at no position does the button overlap a like count.
    for (let y = 0; y < 3000; y += 300) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const overlaps = await page.evaluate(() => {
        const button = document.querySelector('[data-testid="plaza-post"]')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('[data-testid="article-card-likes"]')).filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < button.right && r.right > button.left && r.top < button.bottom && r.bottom > button.top;
        }).length;
      });
      expect(overlaps, `scrolled to ${y}`).toBe(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    // A clamped summary ends inside its box's padding edge: nothing of a further line shows.
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.article-card__summary')).filter((box) => {
        const text = box.querySelector('.article-card__summary-text');
        if (!text) return true;
        const padding = parseFloat(getComputedStyle(box).paddingBottom);
        return text.getBoundingClientRect().bottom > box.getBoundingClientRect().bottom - padding + 0.5;
      }).length,
    );
    expect(cut).toBe(0);
    await shoot(page, 'finish-b-plaza');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checkout: the pay button is pinned and says what it spends; paying shows the success mark', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, await loginByPassword('13800000000', 'demo123456'));
    await open(page, '/pages/index/vip/index');
    await page.getByTestId('vip-packages').waitFor({ timeout: 30_000 });
    await page.getByTestId('pay-method-0').click();
    await expect.poll(() => page.getByTestId('pay-button').textContent()).toMatch(/^支付 \d+ 金币$/);
    const button = await page.getByTestId('pay-button').boundingBox();
    const viewport = page.viewportSize()!;
    expect(button!.y + button!.height).toBeLessThanOrEqual(viewport.height);
    expect(button!.y + button!.height).toBeGreaterThan(viewport.height - 80);
    await shoot(page, 'finish-b-checkout');
    await page.getByTestId('pay-button').click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.getByTestId('order-result').getAttribute('data-state'), { timeout: 30_000 }).toBe('paid');
    expect(await page.getByTestId('order-result-mark').getAttribute('data-mark')).toBe('paid');
    await shoot(page, 'finish-b-paid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('referral poster, service acknowledgement, free creation, a detail page without an id', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    await open(page, '/pages/index/coupons/mine');
    await page.getByTestId('referral-poster').waitFor({ timeout: 30_000 });
    await page.getByTestId('referral-poster').scrollIntoViewIfNeeded();
    await shoot(page, 'finish-b-referral-poster');

    await open(page, '/set/help/service');
    await page.getByTestId('service-input').fill('会员怎么退款？');
    await page.getByTestId('service-send').click();
    await page.getByTestId('service-ack').waitFor({ timeout: 30_000 });
    await shoot(page, 'finish-b-service-ack');

    await open(page, '/pages/index/create/index');
    await page.getByTestId('create-free').waitFor({ timeout: 30_000 });
    await page.getByTestId('create-pick').first().waitFor({ timeout: 30_000 });
    await shoot(page, 'finish-b-create-free');

    await open(page, '/pages/detail/article');
    await page.getByTestId('missing-id').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('missing-id').textContent()).toContain('缺少作品编号');
    await shoot(page, 'finish-b-missing-id');
    expect(currentRoute(page)).toBe('/pages/detail/article');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English: the mine menu lists every entry once, and the member centre\'s navs and benefits are English', async () => {
    const { context, page, errors } = await newPhonePage(browser, { locale: 'en-US' });
    await context.addInitScript(() => window.localStorage.setItem('language', JSON.stringify({ type: 'string', data: 'en' })));
    await withSession(context, await loginByPassword());
    await open(page, '/pages/me/index');
    await page.getByTestId('mine-page').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('mine-page').textContent(), { timeout: 30_000 }).toContain('My drawings');
    const labels = await page.locator('.mine-list__item').allTextContents();
    expect(labels.filter((l, i) => l && labels.indexOf(l) !== i)).toEqual([]);
    await shoot(page, 'finish-b-mine-en');
    // Server-provided names come in English too (Accept-Language, stored translations).
    await open(page, '/pages/index/vip/index');
    await expect.poll(() => page.getByTestId('vip-nav-nav-vip').textContent(), { timeout: 30_000 }).toContain('Membership');
    expect(await page.getByTestId('vip-benefits').textContent()).toContain('Unlimited AI questions');
    await shoot(page, 'finish-b-vip-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
