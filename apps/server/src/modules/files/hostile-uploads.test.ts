import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../platform/storage/file.table.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { gifBomb, multipart, png, pngHeaderOnly } from '../../test/uploads.js';

/**
 * Hostile uploads on every image path: decode bombs (a 2.8 KB GIF of 1920×1080 × 120 frames, a 20000×20000 PNG
 * header) refused from the header as 400 `image_too_large`, malformed multipart bodies as 400 `invalid_upload`,
 * NUL in a file name cleaned, and never a stored file without its row.
 */
const ATTACHMENTS = '/api/sysCommonInfo/UploadAttachments';
const UPLOAD_ROUTES = [
  `${ATTACHMENTS}?category=general`,
  `${ATTACHMENTS}?category=digital`,
  `${ATTACHMENTS}?category=media`,
  `${ATTACHMENTS}?category=tool`,
  '/Cos/Upload?category=digital',
  '/api/sysFile/uploadAvatar',
  '/api/sysAuthenticationInfo/uploadIdCardImageList',
  '/api/aiDrawProject/uploadRoleImages',
];
/** Every route that reads a multipart body: the image paths and the subtitles task's audio. */
const MULTIPART_ROUTES = [...UPLOAD_ROUTES, '/api/audioToSrt/add'];

/** Every file under a directory, as paths relative to it. */
const filesUnder = (root: string): string[] => {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
};

describe('hostile uploads', () => {
  let app: TestApp;
  let user: Record<string, string>;
  let address = 0;
  beforeAll(async () => {
    app = await createTestApp({});
    user = bearer(await tokenFor(app, 'demo'));
  });
  afterAll(() => app?.close());

  const send = (url: string, payload: Buffer | string, headers: Record<string, string>, language = 'zh-CN') =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...user, 'accept-language': language, ...headers },
      // Each from its own address: the routes' rate limits have their own tests.
      remoteAddress: `10.24.${(++address >> 8) & 255}.${address & 255}`,
    });
  const uploadFile = (url: string, name: string, data: Buffer, language?: string) => {
    const form = multipart([{ field: 'file', name, type: 'image/gif', data }]);
    return send(url, form.payload, form.headers, language);
  };

  /** Keys of the files on disk and of the `sys_file` rows: each must have the other. */
  const storedKeys = async () => {
    const dataDir = app.platform.dataDir;
    return {
      disk: [
        ...filesUnder(path.join(dataDir, 'uploads')),
        ...filesUnder(path.join(dataDir, 'private')),
      ].sort(),
      rows: (await app.platform.db.select({ key: files.storageKey }).from(files)).map((r) => r.key).sort(),
    };
  };

  it('a 2.8 KB GIF of 1920×1080 × 120 frames is refused from its header on every image path: 400 image_too_large in the caller’s language', async () => {
    const bomb = gifBomb(1920, 1080, 120);
    expect(bomb.length).toBeLessThan(3 * 1024);
    const before = await storedKeys();
    for (const url of UPLOAD_ROUTES) {
      const res = await uploadFile(url, 'bomb.gif', bomb, 'en');
      expect([url, res.statusCode, json(res).extras?.error]).toEqual([url, 400, 'image_too_large']);
      expect(json(res).message).toMatch(/^The image is too large: at most \d+ KB, and at most 25 megapixels/);
    }
    const zh = await uploadFile(`${ATTACHMENTS}?category=digital`, 'bomb.gif', bomb);
    expect(json(zh).message).toMatch(/^图片过大：文件不能超过2048KB/);
    expect(json(zh).extras).toMatchObject({ maxFrames: 100, maxPixels: 25_000_000 });
    expect(await storedKeys()).toEqual(before);
  });

  it('a PNG of a few dozen bytes declaring 20000×20000 is refused on every image path: 400 image_too_large', async () => {
    const huge = pngHeaderOnly(20000, 20000);
    expect(huge.length).toBeLessThan(200);
    for (const url of UPLOAD_ROUTES) {
      const res = await uploadFile(url, 'huge.png', huge, 'fr');
      expect([url, res.statusCode, json(res).extras?.error]).toEqual([url, 400, 'image_too_large']);
      expect(json(res).message).toMatch(/^L’image est trop grande/);
    }
  });

  it('normal images still upload on every image path, and an animation within the budget is kept whole', async () => {
    const image = await png(64, 48);
    for (const url of UPLOAD_ROUTES.filter((u) => !u.includes('category=tool'))) {
      const res = await uploadFile(url, 'photo.png', image);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    // 640×360 × 100 frames = 23 megapixels: within the budget, stored as the GIF it is.
    const animation = gifBomb(640, 360, 100);
    const res = await uploadFile(`${ATTACHMENTS}?category=digital`, 'loop.gif', animation);
    expect(res.statusCode).toBe(200);
    expect(json<{ files: { mime: string; width: number }[] }>(res).result.files[0]).toMatchObject({
      mime: 'image/gif',
      width: 640,
    });
    // One frame more than the cap is refused, whatever its size.
    const tooMany = await uploadFile(`${ATTACHMENTS}?category=digital`, 'loop.gif', gifBomb(16, 16, 101));
    expect(json(tooMany).extras?.error).toBe('image_too_large');
  });

  it('imageResize reads the header first: a stored 20000×20000 PNG is 400 image_too_large, a stored animation resizes its first frame', async () => {
    const save = (body: Buffer, ext: string, mime: string) =>
      app.platform.storage.save({
        tenantId: 1,
        userId: null,
        category: 'generated',
        visibility: 'public',
        body,
        ext,
        mime,
        kind: 'image',
        size: body.length,
      });
    const huge = await save(pngHeaderOnly(20000, 20000), 'png', 'image/png');
    const refused = await app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?url=${encodeURIComponent(huge.url)}&width=100&height=100`,
      headers: { 'accept-language': 'es' },
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).extras?.error).toBe('image_too_large');
    expect(json(refused).message).toMatch(/^La imagen es demasiado grande/);
    const animated = await save(gifBomb(1920, 1080, 120), 'gif', 'image/gif');
    const resized = await app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?url=${encodeURIComponent(animated.url)}&width=100&height=100`,
    });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/png');
  });

  it('a malformed multipart body (no boundary, garbage, cut short) is 400 invalid_upload in the caller’s language on every multipart route', async () => {
    const bodies: [string, string, string][] = [
      [
        'no boundary',
        'multipart/form-data',
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
      ],
      ['garbage', 'multipart/form-data; boundary=x', 'garbage \u0000\u00ff garbage'],
      [
        'cut short',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
      ],
      ['boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
    ];
    for (const url of MULTIPART_ROUTES) {
      for (const [label, contentType, body] of bodies) {
        const res = await send(url, body, { 'content-type': contentType }, 'zh-TW');
        expect([url, label, res.statusCode, json(res).extras?.error]).toEqual([
          url,
          label,
          400,
          'invalid_upload',
        ]);
        expect(json(res).message).toBe('上傳失敗(C)：上傳的資料不完整或格式錯誤');
      }
    }
  });

  it('NUL in a file name: the upload succeeds with the name cleaned, and every stored file has its row', async () => {
    const image = await png(32, 32);
    const before = await storedKeys();
    for (const url of UPLOAD_ROUTES.filter((u) => !u.includes('category=tool'))) {
      const res = await uploadFile(url, 'a\u0000b\u0085\u2028c.png', image);
      expect([url, res.statusCode]).toEqual([url, 200]);
      if (url.includes('category=')) {
        expect(json<{ files: { name: string }[] }>(res).result.files[0]!.name).toBe('abc.png');
      }
    }
    const after = await storedKeys();
    expect(after.disk.length).toBeGreaterThan(before.disk.length);
    // Every file on disk has its row, and every row written by these uploads has its file.
    expect(after.disk.filter((key) => !after.rows.includes(key))).toEqual([]);
    const newRows = after.rows.filter((key) => !before.rows.includes(key));
    expect(newRows.filter((key) => !after.disk.includes(key))).toEqual([]);
  });

  it('a row that cannot be written takes its stored file back with it', async () => {
    const before = await storedKeys();
    const image = await png(8, 8);
    await expect(
      app.platform.storage.save({
        tenantId: 1,
        userId: null,
        category: 'general',
        visibility: 'public',
        body: image,
        ext: 'png',
        mime: 'image/png',
        kind: 'image',
        size: image.length,
        width: 2 ** 40, // beyond the integer column: the insert fails after the object was written
      }),
    ).rejects.toThrow();
    expect(await storedKeys()).toEqual(before);
  });
});
