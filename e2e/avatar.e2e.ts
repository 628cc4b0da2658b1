import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Changing the avatar in Chromium: pick a picture, crop it square, upload it with progress, see it stored. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('avatar change in Chromium', () => {
  it('a 600×300 picture is cropped square, uploaded with its progress shown and becomes the avatar', async () => {
    const session = await loginByPassword();
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/set/account/index');
    await page.getByTestId('account-avatar').waitFor({ timeout: 60_000 });

    // A wide PNG made by the browser itself: left half red, right half blue.
    const png = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 600;
      canvas.height = 300;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(0, 0, 300, 300);
      ctx.fillStyle = '#0000ff';
      ctx.fillRect(300, 0, 300, 300);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    await page.getByTestId('avatar-file').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    const frame = page.getByTestId('avatar-crop-frame');
    await frame.waitFor({ timeout: 30_000 });
    await screenshot(page, 'item11-avatar-crop');

    const uploads: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/sysFile/uploadAvatar')) uploads.push(r.status());
    });
    await page.getByTestId('avatar-upload').click();
    await page.getByTestId('avatar-progress').waitFor({ timeout: 10_000 });
    await frame.waitFor({ state: 'detached', timeout: 30_000 });
    expect(uploads).toEqual([200]);

    const res = await fetch(`${baseUrl()}/api/sysUser/baseInfo`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    const avatar = ((await res.json()) as { result: { avatar: string } }).result.avatar;
    expect(avatar).toMatch(/^\/(uploads|files)\//);
    await expect.poll(() => page.getByTestId('account-avatar-image').getAttribute('src'), { timeout: 10_000 }).toBe(avatar);
    // The stored picture is square, and centred: both colours at its sides.
    const stored = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const left = ctx.getImageData(5, canvas.height / 2, 1, 1).data;
      const right = ctx.getImageData(canvas.width - 5, canvas.height / 2, 1, 1).data;
      return { w: image.naturalWidth, h: image.naturalHeight, left: [...left].slice(0, 3), right: [...right].slice(0, 3) };
    }, avatar);
    expect(stored.w).toBe(stored.h);
    expect(stored.left[0]).toBeGreaterThan(200);
    expect(stored.right[2]).toBeGreaterThan(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
