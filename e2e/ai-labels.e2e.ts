import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSmallVideoTemplate,
  apiResult,
  ARTIFACTS_DIR,
  currentRoute,
  loginByPassword,
  newestListedVideo,
  newPhonePage,
  open,
  screenshot,
  shareListedVideo,
  startBrowser,
  withSession,
} from './helpers';

/**
 * The visible AI labels (GB 45438-2025) as a user meets them at phone size: a drawing saved from its detail page
 * carries "AI生成" in its corner, a frame of a video's first 2 s shows it, a copied chat answer ends with
 * "内容由 AI 生成" (also shown under the answer), and the plaza card of a shared video is tagged AI生成.
 * Labels in pictures are read back with Debian's tesseract (chi_sim).
 */
let browser: Browser;
const WAIT = { timeout: 120_000 };

beforeAll(async () => {
  browser = await startBrowser();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The words tesseract reads in `file` (cropped by an ffmpeg crop expression): the label's white letters are kept
 * as black on white (everything else dropped), which is how the OCR reads bold outlined text best.
 */
const ocr = (file: string, crop: string, scale = 1): string => {
  const png = `${file}.ocr.png`;
  const letters = "format=gray,lutyuv=y='if(gt(val\\,225)\\,0\\,255)'";
  const filter = `crop=${crop},scale=iw*${scale}:-1:flags=lanczos,${letters}`;
  const converted = spawnSync('ffmpeg', ['-v', 'error', '-y', '-i', file, '-vf', filter, '-frames:v', '1', png]);
  expect(converted.status).toBe(0);
  const read = spawnSync('tesseract', [png, '-', '-l', 'chi_sim+eng', '--psm', '6'], { encoding: 'utf8' });
  return read.stdout.replace(/\s+/g, '');
};

/** How many near-white pixels the crop of `file` holds. */
const whitePixels = (file: string, crop: string): number => {
  const raw = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', `crop=${crop},format=gray`, '-f', 'rawvideo', 'pipe:1']);
  return [...raw.stdout].filter((v) => v > 225).length;
};

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  const end = Date.now() + WAIT.timeout;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

describe('AI labels in Chromium at phone size', { timeout: 400_000 }, () => {
  it('a saved drawing, a video frame, a copied answer and a plaza card each carry the AI label', async () => {
    const session = await loginByPassword();
    const token = session.accessToken;
    const { context, page, errors } = await newPhonePage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await withSession(context, session);

    // A drawing, saved from its detail page: "AI生成" in its bottom-right corner.
    const drawing = await apiResult<{ id: number }>('/api/aiDraw/imagine', token, { prompt: '雪山和湖泊', ratio: '1:1', seed: 7 });
    await waitFor(
      () => apiResult<{ status: string }>(`/api/aiDraw/detail?id=${drawing.id}`, token),
      (t) => t.status === 'succeeded',
    );
    await open(page, `/draw/home/detail?id=${drawing.id}`);
    await page.getByTestId('draw-save').waitFor(WAIT);
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.getByTestId('draw-save').click()]);
    const saved = join(ARTIFACTS_DIR, 'ai-label-drawing.webp');
    await download.saveAs(saved);
    expect(ocr(saved, 'iw/2:ih/5:iw/2:ih*4/5')).toContain('AI生成');

    // A video: a frame of its first 2 s shows the opening label.
    await addSmallVideoTemplate('ai-labels-small', '标识测试模板', { bgm: 'bgm-morning' });
    const text = '春天来了，公园里的花都开了。小朋友们在草地上放风筝，大家都很开心。';
    const video = await apiResult<{ id: number }>('/api/articleToVideo/add', token, {
      templateId: 'ai-labels-small',
      voice: 'espeak-cmn-f3',
      speed: 100,
      title: '春天',
      text,
    });
    await waitFor(
      () => apiResult<{ status: string }>(`/api/articleToVideo/detail?id=${video.id}`, token),
      (t) => t.status === 'succeeded',
    );
    await open(page, '/media/video/list');
    const { id } = await newestListedVideo(page);
    expect(id).toBe(String(video.id));
    await page.getByTestId(`video-play-${id}`).click();
    const player = page.getByTestId(`video-player-${id}`).locator('video');
    await player.waitFor(WAIT);
    // The frame at 1 s as the video decodes it (drawn from the <video> element: no toast or control over it).
    const pixels = await player.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<string>((resolve) => {
          el.muted = true;
          el.pause();
          el.addEventListener(
            'seeked',
            () => {
              const canvas = document.createElement('canvas');
              canvas.width = el.videoWidth;
              canvas.height = el.videoHeight;
              canvas.getContext('2d')!.drawImage(el, 0, 0);
              resolve(canvas.toDataURL('image/png'));
            },
            { once: true },
          );
          el.currentTime = 1;
        }),
    );
    const frame = join(ARTIFACTS_DIR, 'ai-label-video-frame.png');
    writeFileSync(frame, Buffer.from(pixels.replace(/^data:image\/png;base64,/, ''), 'base64'));
    await screenshot(page, 'ai-label-video-player');
    // The opening label, across the upper middle of the picture, and the corner mark, top right.
    expect(ocr(frame, 'iw:ih/5:0:ih/4', 3)).toContain('AI生成');
    // The corner mark is small (3.5 % of the shorter side, under what the OCR reads at 270×480): its white letters
    // are there, top right, where the picture itself has none.
    expect(whitePixels(frame, 'iw/3:ih/12:iw*2/3:0')).toBeGreaterThan(20);

    // A chat answer: "内容由 AI 生成" under it, and at the end of what is copied.
    await open(page, '/pages/index/ai');
    await page.getByTestId('chat-input').fill('帮我写一句春天的朋友圈文案', WAIT);
    await page.getByTestId('chat-send').click();
    const answer = page.getByTestId('chat-answer').last();
    await expect.poll(() => answer.getAttribute('data-status'), WAIT).toBe('done');
    expect(await answer.getByTestId('ai-label').textContent()).toBe('内容由 AI 生成');
    await answer.getByTestId('answer-copy').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.endsWith('\n\n内容由 AI 生成')).toBe(true);
    await screenshot(page, 'ai-label-chat');

    // The video shared to the plaza: its card is tagged AI生成.
    await open(page, '/media/video/list');
    await newestListedVideo(page);
    const shared = await shareListedVideo(page, id);
    expect(shared.code).toBe(200);
    await open(page, '/pages/plaza/index');
    await page.getByTestId('plaza-tab-video').click(WAIT);
    const card = page.locator(`[data-testid="article-card"][data-id="${shared.result.id}"]`);
    await card.waitFor(WAIT);
    expect(await card.getByTestId('article-card-ai').textContent()).toBe('AI生成');
    await screenshot(page, 'ai-label-plaza-card');
    await card.click();
    await expect.poll(() => currentRoute(page), WAIT).toBe('/pages/detail/article');
    expect(await page.getByTestId('article-ai').textContent()).toBe('AI生成');
    expect(errors).toEqual([]);
    await context.close();
  });
});
