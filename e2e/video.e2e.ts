import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSmallVideoTemplate,
  apiResult,
  currentRoute,
  goldOf,
  loginByPassword,
  newestListedVideo,
  newPhonePage,
  open,
  openVideoFormFromArticle,
  playListedVideo,
  screenshot,
  seededSunsetArticle,
  shareListedVideo,
  startBrowser,
  withSession,
} from './helpers';

/** AI video from a seeded article with the offline engines, in Chromium at phone size. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const RENDER = { timeout: 180_000 };
const TEMPLATE = 'e2e-small';

describe('AI video in Chromium at phone size', () => {
  it(
    'makes a video from a seeded article, shows its stages live, plays it, and pays for it',
    { timeout: 300_000 },
    async () => {
      await addSmallVideoTemplate(TEMPLATE, '小竖屏', { bgm: 'bgm-morning', inserts: ['intro-brand'] });
      const session = await loginByPassword('13800000000', 'demo123456');
      const goldBefore = await goldOf(session.accessToken);
      const article = await seededSunsetArticle(session.accessToken);

      const { context, page, errors } = await newPhonePage(browser);
      await withSession(context, session);

      // The article page's more menu carries the article into the video page.
      await openVideoFormFromArticle(page, article.id);
      expect(page.url()).toContain(`articleId=${article.id}`);
      expect(await page.getByTestId('article-select').inputValue()).toBe(String(article.id));

      // Template, music (with a real preview), subtitle cell, pictures from the article; the estimate follows.
      await page.getByTestId(`template-${TEMPLATE}`).click();
      const [sample] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/articleToVideo/bgmPreview'), WAIT),
        page.getByTestId('bgm-preview-bgm-night').click(),
      ]);
      expect(sample.status()).toBe(200);
      expect(sample.headers()['content-type']).toBe('audio/mpeg');
      await page.getByTestId('bgm-bgm-night').click();
      await page.getByTestId('anchor-5').click();
      expect(await page.getByTestId('anchor-5').getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('pictures-article').getAttribute('aria-pressed')).toBe('true');
      // Karaoke subtitles; our intro clip plays only because it is picked here (it is off by default).
      await page.getByTestId('subtitle-style-karaoke').click();
      expect(await page.getByTestId('insert-intro').getAttribute('aria-pressed')).toBe('false');
      await page.getByTestId('insert-intro').click();
      await expect
        .poll(() => page.getByTestId('video-estimate').textContent(), WAIT)
        .toMatch(/预计时长 [\d.]+ 秒，消耗 \d+ 金币/);
      const gold = Number(
        /消耗 (\d+) 金币/.exec((await page.getByTestId('video-estimate').textContent())!)![1],
      );
      expect(gold).toBeGreaterThan(0);

      // Create: the list shows the render's stages as the hub reports them, then the result.
      await page.getByTestId('video-create').click();
      const { item, id } = await newestListedVideo(page);
      const seen = new Set<string>();
      const deadline = Date.now() + RENDER.timeout;
      while (Date.now() < deadline && (await item.getAttribute('data-status')) !== 'succeeded') {
        const stage = await page
          .getByTestId(`video-stages-${id}`)
          .getAttribute('data-stage')
          .catch(() => null);
        if (stage) seen.add(stage);
        expect(await item.getAttribute('data-status')).not.toBe('failed');
        await page.waitForTimeout(250);
      }
      expect(await item.getAttribute('data-status')).toBe('succeeded');
      expect(seen.size).toBeGreaterThan(1);
      await expect
        .poll(() => page.getByTestId(`video-expiry-${id}`).textContent(), WAIT)
        .toMatch(/6 天 23 小时 \d+ 分后过期/);
      expect(await item.textContent()).toContain('离线引擎生成');

      // Play it in the app's player: the video really plays (time moves) at the template's size.
      expect(await playListedVideo(page, id)).toEqual([270, 480]);
      await screenshot(page, 'video-list');

      // Shared to the plaza as a video work: the plaza's video tab lists it, and its page plays it.
      const work = await shareListedVideo(page, id);
      expect(work.code).toBe(200);
      await open(page, '/pages/plaza/index');
      await page.getByTestId('plaza-tab-video').click(WAIT);
      await expect
        .poll(() => page.getByTestId('plaza-tab-video').getAttribute('aria-selected'), WAIT)
        .toBe('true');
      const card = page.locator(`[data-testid="article-card"][data-id="${work.result.id}"]`);
      await card.waitFor(WAIT);
      expect(await card.getByTestId('article-card-title').textContent()).toBe(article.title);
      // Only video works on this tab.
      const listed = await page
        .getByTestId('article-card')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')));
      for (const other of listed) {
        const detail = await apiResult<{ categoryId: number }>(
          `/api/sysArticle/detail?id=${other}`,
          session.accessToken,
        );
        expect(detail.categoryId).toBe(5);
      }
      await card.click();
      await expect.poll(() => currentRoute(page), WAIT).toBe('/pages/detail/article');
      const shown = page.getByTestId('article-video');
      await shown.waitFor(WAIT);
      expect(await shown.getAttribute('src')).toContain('/uploads/');

      expect(await goldOf(session.accessToken)).toBe(goldBefore - gold);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
