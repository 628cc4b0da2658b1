import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  loginByPassword,
  newPhonePage,
  open,
  screenshot,
  startBrowser,
  withSession,
} from './helpers';

/**
 * The offline composer and picture to picture in Chromium at phone size: a prompt's picture holds the prompt's
 * subjects (its composition, by motif id), then a second picture is drawn from the first with 以图生图.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const composition = async (id: number, token: string) => {
  const res = await fetch(`${baseUrl()}/api/aiDraw/composition?id=${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { result: { motifs: string[]; style: string; svg: string } }).result;
};

describe('the offline composer in Chromium at phone size', { timeout: 180_000 }, () => {
  it('draws what was asked, then draws again from that picture', async () => {
    const session = await loginByPassword();
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/draw/index');
    await expect
      .poll(() => page.getByTestId('draw-cost').textContent(), { timeout: 15_000 })
      .toBe('预计消耗 30 金币（1 张 × 30）');

    await page.getByTestId('draw-prompt').fill('江南水乡的清晨，小桥流水，乌篷船，水彩风格');
    await page.getByTestId('draw-submit').click();
    const first = page.locator('[data-testid^="draw-card-"]').first();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 90_000 }).toBe('succeeded');
    const firstId = Number((await first.getAttribute('data-testid'))!.replace('draw-card-', ''));
    const composed = await composition(firstId, session.accessToken);
    expect(composed.motifs).toEqual(expect.arrayContaining(['watertown', 'river', 'bridge', 'boat']));
    expect(composed.style).toBe('watercolor');
    expect(composed.svg).not.toContain('<text');
    await screenshot(page, 'drawing-composer-first');

    // 以图生图: the finished picture is the source of the next one.
    await page.getByTestId('draw-source-open').click();
    await page.getByLabel(`用作品 ${firstId} 作原图`).click();
    await expect.poll(() => page.getByTestId('draw-source-chosen').count()).toBe(1);
    expect(await page.getByTestId('draw-source').textContent()).toContain(
      '离线引擎会取原图的色彩和布局作为背景',
    );
    await page.getByTestId('draw-prompt').fill('同样的水乡，下雪了');
    await page.getByTestId('draw-submit').click();
    const second = page.locator('[data-testid^="draw-card-"]').first();
    await expect
      .poll(async () => Number((await second.getAttribute('data-testid'))!.replace('draw-card-', '')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(firstId);
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 90_000 }).toBe('succeeded');
    const secondId = Number((await second.getAttribute('data-testid'))!.replace('draw-card-', ''));
    expect((await composition(secondId, session.accessToken)).motifs).toEqual(
      expect.arrayContaining(['watertown', 'snow']),
    );
    await screenshot(page, 'drawing-composer-from-picture');
    expect(errors).toEqual([]);
    await context.close();
  });
});
