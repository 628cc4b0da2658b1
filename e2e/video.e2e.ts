import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  currentRoute,
  loginByPassword,
  newPhonePage,
  open,
  screenshot,
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

const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; result: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.result;
};

describe('AI video in Chromium at phone size', () => {
  it(
    'makes a video from a seeded article, shows its stages live, plays it, and pays for it',
    { timeout: 300_000 },
    async () => {
      // A small vertical template keeps the render short on a shared machine (the pipeline is the same at 1080×1920).
      const admin = await loginByPassword('admin', 'admin123456');
      await api('/api/sysDictData/add', admin.accessToken, {
        name: 'video_template',
        label: '小竖屏',
        value: TEMPLATE,
        data: {
          cover: '/static/images/video-bg-talk-vertical.svg',
          width: 270,
          height: 480,
          fontSize: 20,
          fontColor: '#FFFFFF',
          subtitlePosition: 8,
          bgm: 'bgm-morning',
          transition: 'fade',
          description: '小尺寸测试模板',
          titlePosition: 2,
          background: '#102030',
          inserts: ['intro-brand'],
        },
      });

      const session = await loginByPassword('13800000000', 'demo123456');
      const goldBefore = (await api<{ gold: number }>('/api/sysUser/baseInfo', session.accessToken)).gold;
      const works = await api<{ items: { id: number; title: string }[] }>(
        '/api/sysArticle/page',
        session.accessToken,
        {
          keyword: '海边日落',
          pageSize: 5,
        },
      );
      const article = works.items.find((w) => w.title === '海边日落，等了两个小时')!;
      expect(article).toBeDefined();

      const { context, page, errors } = await newPhonePage(browser);
      await withSession(context, session);

      // The article page's more menu carries the article into the video page.
      await open(page, `/pages/detail/article?id=${article.id}`);
      await page.getByTestId('article-more').click(WAIT);
      await page.getByText('做成视频').click(WAIT);
      await expect.poll(() => currentRoute(page), WAIT).toBe('/media/video/index');
      expect(page.url()).toContain(`articleId=${article.id}`);
      await page.getByTestId('video-page').waitFor(WAIT);
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
      await expect.poll(() => currentRoute(page), WAIT).toBe('/media/video/list');
      const item = page.locator('[data-testid^="video-item-"]').first();
      await item.waitFor(WAIT);
      const id = (await item.getAttribute('data-testid'))!.replace('video-item-', '');
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
      await page.getByTestId(`video-play-${id}`).click();
      const player = page.getByTestId(`video-player-${id}`);
      await player.waitFor(WAIT);
      await player.locator('video').evaluate((el: HTMLVideoElement) => {
        el.muted = true;
        return el.play();
      });
      await expect
        .poll(() => player.locator('video').evaluate((el: HTMLVideoElement) => el.currentTime), WAIT)
        .toBeGreaterThan(0.5);
      const size = await player
        .locator('video')
        .evaluate((el: HTMLVideoElement) => [el.videoWidth, el.videoHeight]);
      expect(size).toEqual([270, 480]);
      await screenshot(page, 'video-list');

      // Shared to the plaza as a video work: the plaza's video tab lists it, and its page plays it.
      const [shared] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/sysArticle/add'), WAIT),
        page.getByTestId(`video-share-${id}`).click(),
      ]);
      const work = (await shared.json()) as { code: number; result: { id: number } };
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
        const detail = await api<{ categoryId: number }>(
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

      const goldAfter = (await api<{ gold: number }>('/api/sysUser/baseInfo', session.accessToken)).gold;
      expect(goldAfter).toBe(goldBefore - gold);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
