import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * Issue 29's journey: a prompt gives a picture whose composed SVG holds the prompt's subjects, 高清放大 ×2 runs the offline ESRGAN model and the detail shows the
 * doubled size, the work is published, another user remixes it (一键同款: form prefilled, seed kept), likes it,
 * and it leads the hall's weekly ranking.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Task {
  id: number;
  seed: number;
  remixOf: number | null;
  remixes: number;
  images: { width: number; height: number }[];
}

/** A read of the API as that user, for what the screens do not print (the seed of a new task). */
const api = async <T>(token: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await res.json()) as { result: T }).result;
};

const PROMPT = '江南水乡的清晨，小桥流水，乌篷船，水彩风格';

describe('drawing remix journey in Chromium at phone size', { timeout: 400_000 }, () => {
  it('draws, upscales ×2, publishes; another user remixes with the seed kept, likes it, and it leads the week', async () => {
    // ---- the author: prompt → picture → 高清放大 ×2 → publish
    const author = await loginByPassword('13800000000', 'demo123456');
    const a = await newPhonePage(browser);
    await withSession(a.context, author);
    await open(a.page, '/draw/index');
    // The form is ready (options and session loaded) before anything is typed.
    await expect
      .poll(() => a.page.getByTestId('draw-cost').textContent(), { timeout: 30_000 })
      .toBe('预计消耗 30 金币（1 张 × 30）');
    await a.page.getByTestId('draw-prompt').fill(PROMPT);
    await a.page.getByTestId('draw-style-watercolor').click();
    await a.page.getByTestId('draw-ratio-16x9').click();
    await a.page.getByTestId('draw-submit').click();
    const card = a.page.locator('[data-testid^="draw-card-"]').first();
    await expect
      .poll(() => card.getAttribute('data-status', { timeout: 1000 }).catch(() => null), { timeout: 120_000 })
      .toBe('succeeded');
    await card.click();
    await expect.poll(() => currentRoute(a.page)).toBe('/draw/home/detail');
    const workId = Number(new URL(a.page.url().replace('#', '')).searchParams.get('id'));
    const work = await api<Task>(author.accessToken, `/api/aiDraw/detail?id=${workId}`);
    const [original] = work.images;
    expect(original).toMatchObject({ width: 1024, height: 576 });
    // The picture holds what the prompt asked for: its composed SVG has the water town, river, bridge and boat.
    const composed = await api<{ motifs: string[]; svg: string }>(
      author.accessToken,
      `/api/aiDraw/composition?id=${workId}`,
    );
    expect(composed.motifs).toEqual(expect.arrayContaining(['watertown', 'river', 'bridge', 'boat']));
    for (const motif of ['watertown', 'river', 'bridge', 'boat']) expect(composed.svg).toContain(`id="motif-${motif}`);

    await a.page.getByTestId('draw-upscale-2').click();
    const size = a.page.getByTestId('draw-version-size').first();
    // The real model on 1024×576, tile by tile in a worker thread (about a minute on two busy cores).
    await expect
      .poll(() => size.textContent().catch(() => null), { timeout: 240_000, interval: 1000 })
      .toBe('×2 · 2048×1152');
    await screenshot(a.page, 'drawing-remix-upscaled');

    await a.page.getByTestId('draw-publish').click();
    await expect.poll(() => currentRoute(a.page)).toBe('/draw/publish/canema');
    const title = `水乡清晨 ${Date.now() % 10000}`;
    await a.page.getByTestId('publish-title').fill(title);
    await a.page.getByTestId('publish-submit').click();
    await expect
      .poll(() => a.page.getByTestId('draw-title').textContent().catch(() => null), { timeout: 15_000 })
      .toBe(title);
    expect(a.errors).toEqual([]);
    await a.context.close();

    // ---- another user: 一键同款 from the published work, the form keeps prompt, style, ratio and seed
    const fan = await loginByPassword('13800000001', 'demo123456');
    const b = await newPhonePage(browser);
    await withSession(b.context, fan);
    await open(b.page, `/draw/home/detail?id=${workId}`);
    await expect.poll(() => b.page.getByTestId('draw-title').textContent().catch(() => null), { timeout: 15_000 }).toBe(title);
    // Others see the finished upscaled version of a published work too.
    await expect.poll(() => b.page.getByTestId('draw-version-size').first().textContent()).toBe('×2 · 2048×1152');
    await b.page.getByTestId('draw-same').click();
    await expect.poll(() => currentRoute(b.page)).toBe('/draw/index');
    expect(await b.page.getByTestId('draw-prompt').inputValue()).toBe(PROMPT);
    expect(await b.page.getByTestId('draw-style-watercolor').getAttribute('aria-pressed')).toBe('true');
    expect(await b.page.getByTestId('draw-ratio-16x9').getAttribute('aria-pressed')).toBe('true');
    expect(await b.page.getByTestId('draw-seed').textContent()).toContain(`种子 ${work.seed}`);
    await screenshot(b.page, 'drawing-remix-form');
    await b.page.getByTestId('draw-submit').click();
    await expect
      .poll(async () => (await api<{ items: Task[] }>(fan.accessToken, '/api/aiDraw/page', { scope: 'mine' })).items[0], {
        timeout: 15_000,
      })
      .toMatchObject({ remixOf: workId, seed: work.seed });

    // ---- likes it; the work counts the remix and leads this week's ranking
    await open(b.page, `/draw/home/detail?id=${workId}`);
    await expect.poll(() => b.page.getByTestId('draw-remix-count').textContent().catch(() => null), { timeout: 15_000 }).toBe(
      '1 人画了同款',
    );
    await b.page.getByTestId('draw-like').click();
    await expect.poll(() => b.page.getByTestId('draw-like').getAttribute('aria-pressed')).toBe('true');
    await open(b.page, '/draw/home/hall');
    await b.page.getByTestId('hall-sort-weekly').click();
    const first = b.page.getByTestId('hall-rank-1');
    await expect.poll(() => first.getAttribute('data-task-id').catch(() => null), { timeout: 15_000 }).toBe(String(workId));
    expect(await first.textContent()).toContain('本周 1 赞');
    await screenshot(b.page, 'drawing-remix-weekly');
    // The style filter keeps the watercolour work and leaves it out of another style.
    await b.page.getByTestId('hall-sort-newest').click();
    await b.page.getByTestId('hall-style-watercolor').click();
    await expect.poll(() => b.page.getByTestId(`draw-card-${workId}`).count(), { timeout: 15_000 }).toBe(1);
    await b.page.getByTestId('hall-style-pixel').click();
    await expect.poll(() => b.page.getByTestId(`draw-card-${workId}`).count(), { timeout: 15_000 }).toBe(0);
    expect(b.errors).toEqual([]);
    await b.context.close();
  });
});
