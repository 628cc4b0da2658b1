import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSmallVideoTemplate,
  currentRoute,
  goldOf,
  loginByPassword,
  newestListedVideo,
  newPhonePage,
  openVideoFormFromArticle,
  playListedVideo,
  screenshot,
  seededSunsetArticle,
  shareListedVideo,
  startBrowser,
  withSession,
} from './helpers';

/**
 * The storyboard (分镜) in Chromium at phone size: article → storyboard → edit one line → replace one picture with
 * a photo uploaded from the album → render → play → download the project zip (下载工程包) → share.
 */
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'storyboard-e2e-'));

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const WAIT = { timeout: 30_000 };
const MAKING = { timeout: 120_000 };
const RENDER = { timeout: 180_000 };
const TEMPLATE = 'e2e-storyboard-small';

/** The entry names of a zip file, in order (yauzl reads its central directory). */
const zipEntries = (file: string) =>
  new Promise<string[]>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );

/** A photo of the album: a blue PNG made by ffmpeg. */
const photo = () => {
  const file = join(dir, 'photo.png');
  const made = spawnSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2384f5:s=360x640'],
    ...['-frames:v', '1', file],
  ]);
  expect(made.status).toBe(0);
  return readFileSync(file);
};

describe('the video storyboard in Chromium at phone size', () => {
  it(
    'goes article → storyboard → edit a line → an uploaded photo for a scene → render → play → share',
    { timeout: 420_000 },
    async () => {
      await addSmallVideoTemplate(TEMPLATE, '小竖屏分镜', { bgm: null });
      const session = await loginByPassword('13800000000', 'demo123456');
      const goldBefore = await goldOf(session.accessToken);
      const article = await seededSunsetArticle(session.accessToken);

      const { context, page, errors } = await newPhonePage(browser);
      await withSession(context, session);

      // The article's more menu carries it to the video form; 生成分镜 makes its storyboard.
      await openVideoFormFromArticle(page, article.id);
      await page.getByTestId(`template-${TEMPLATE}`).click();
      await page.getByTestId('pictures-template').click();
      await page.getByTestId('subtitle-style-karaoke').click();
      await page.getByTestId('video-storyboard').click();
      await expect.poll(() => currentRoute(page), WAIT).toBe('/media/video/storyboard');
      const scenes = page.locator('[data-testid^="scene-"][data-scene-id]');
      await scenes.first().waitFor(WAIT);
      const count = await scenes.count();
      expect(count).toBeGreaterThan(1);
      // Each scene's voice is made in the background; the page follows until every scene is ready.
      const allReady = () =>
        expect
          .poll(
            () => scenes.evaluateAll((all) => all.map((s) => s.getAttribute('data-status')).join()),
            MAKING,
          )
          .toBe(Array(count).fill('ready').join());
      await allReady();
      expect(await page.getByTestId('scene-seconds-0').textContent()).toMatch(/^[\d.]+ 秒$/);

      // Edit the first line: that scene's voice is made again.
      const line = '海边的日落真美，我等了整整两个小时。';
      await page.getByTestId('scene-edit-0').click();
      await page.getByTestId('scene-line-input').fill(line);
      await page.getByTestId('scene-line-save').click();
      await expect.poll(() => page.getByTestId('scene-line-0').textContent(), WAIT).toBe(line);
      await allReady();

      // Replace the second scene's picture with a photo from the album.
      await page.getByTestId('scene-replace-1').click();
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser', WAIT),
        page.getByText('相册上传').click(),
      ]);
      await chooser.setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo() });
      await expect
        .poll(() => page.getByTestId('scene-1').locator('img').first().getAttribute('src'), WAIT)
        .toContain('/files/private/');

      // Preview that scene: its photo, its voice and its subtitle, in the page.
      await page.getByTestId('scene-preview-open-1').click();
      const preview = page.locator('[data-testid^="scene-preview-"]').filter({ has: page.locator('audio') });
      await preview.waitFor(WAIT);
      expect(await preview.locator('img').getAttribute('src')).toContain('/files/private/');
      expect(await page.getByTestId('scene-preview-subtitle').textContent()).not.toBe('');
      const audible = await page
        .getByTestId('scene-preview-audio')
        .evaluate(
          (el: HTMLAudioElement) =>
            new Promise<number>((resolve) =>
              el.readyState >= 1 ? resolve(el.duration) : (el.onloadedmetadata = () => resolve(el.duration)),
            ),
        );
      expect(audible).toBeGreaterThan(0.3);
      await screenshot(page, 'video-storyboard');
      const estimate = Number(
        /消耗 (\d+) 金币/.exec((await page.getByTestId('storyboard-summary').textContent())!)![1],
      );

      // 开始合成: my videos shows the render, then plays it.
      await page.getByTestId('storyboard-render').click();
      const { item, id } = await newestListedVideo(page);
      await expect
        .poll(async () => {
          const status = await item.getAttribute('data-status');
          expect(status).not.toBe('failed');
          return status;
        }, RENDER)
        .toBe('succeeded');
      expect(await playListedVideo(page, id)).toEqual([270, 480]);

      // 下载工程包: a zip with each scene's picture and voice, the subtitles, the video and a description.
      const [saved] = await Promise.all([
        page.waitForEvent('download', WAIT),
        page.getByTestId(`video-project-${id}`).click(),
      ]);
      expect(saved.suggestedFilename()).toBe(`video-${id}-project.zip`);
      const entries = await zipEntries(await saved.path());
      expect(entries).toEqual(
        expect.arrayContaining(['README.txt', 'project.json', 'subtitles.srt', 'subtitles.ass', 'video.mp4']),
      );
      for (let n = 1; n <= count; n += 1) {
        const stem = `scenes/${String(n).padStart(2, '0')}`;
        expect(entries, stem).toContain(`${stem}-voice.mp3`);
        expect(entries.some((e) => e.startsWith(`${stem}-picture.`)), stem).toBe(true);
      }
      await expect.poll(() => page.getByTestId(`video-project-${id}`).textContent(), WAIT).toBe('下载工程包');

      // Share it to the plaza.
      expect((await shareListedVideo(page, id)).code).toBe(200);
      await screenshot(page, 'video-storyboard-rendered');

      // The gold was held only when rendering: what the storyboard showed.
      expect(await goldOf(session.accessToken)).toBe(goldBefore - estimate);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
