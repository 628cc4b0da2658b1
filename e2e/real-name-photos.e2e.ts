import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Real-name in Chromium: the ID card's front and back are uploaded privately and shown on the result page. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('real-name ID card photos in Chromium', () => {
  it('uploads front and back with the form and shows them on the result page', async () => {
    // The demo VIP user has made no real-name submission.
    const session = await loginByPassword('13800000001');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/auth/index');
    await page.getByTestId('real-name-page').waitFor({ timeout: 60_000 });
    const png = async (colour: string) =>
      Buffer.from(
        await page.evaluate(async (c) => {
          const canvas = document.createElement('canvas');
          canvas.width = 316;
          canvas.height = 200;
          const ctx = canvas.getContext('2d')!;
          ctx.fillStyle = c;
          ctx.fillRect(0, 0, 316, 200);
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
          return [...new Uint8Array(await blob.arrayBuffer())];
        }, colour),
      );
    await page.getByTestId('realName-input').fill('张三');
    await page.getByTestId('idCardNum-input').fill('11010519491231002X');
    await page.getByTestId('id-card-front-file').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await png('#3b82f6') });
    await page.getByTestId('submit').click();
    expect(await page.getByTestId('form-error').textContent()).toBe('请同时上传身份证正反面');
    await page.getByTestId('id-card-back-file').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await png('#f59e0b') });
    await page.getByTestId('submit').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/auth/result');
    const photos = page.getByTestId('real-name-photos').locator('img');
    await expect.poll(() => photos.count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => photos.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)), { timeout: 30_000 })
      .toEqual([316, 316]);
    await screenshot(page, 'item11-real-name-result');
    expect(errors).toEqual([]);
    await context.close();
  });
});
