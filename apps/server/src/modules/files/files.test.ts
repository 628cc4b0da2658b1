import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@app/contract';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, guestToken, tokenFor } from '../../test/tokens.js';
import { multipart, png } from '../../test/uploads.js';

const clock = fixedClock('2026-03-01T08:00:00Z');
const work = mkdtempSync(path.join(tmpdir(), 'files-test-'));

/** A real audio file of `seconds`, made with ffmpeg. */
const tone = (seconds: number) => {
  const file = path.join(work, `tone-${seconds}.mp3`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=d=${seconds}`,
    '-ac',
    '1',
    '-b:a',
    '32k',
    file,
  ]);
  return readFileSync(file);
};

type Upload = { message: string; files: StoredFile[] };

describe('uploads and files', () => {
  let app: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    user = bearer(await tokenFor(app, 'demo'));
  });
  afterAll(async () => {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  });

  const upload = (
    files: { name: string; type: string; data: Buffer; field?: string }[],
    query = '',
    headers: Record<string, string> = user,
    url = '/api/sysCommonInfo/UploadAttachments',
  ) => {
    const body = multipart(files.map((f) => ({ field: f.field ?? 'file', ...f })));
    return app.inject({
      method: 'POST',
      url: `${url}${query}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('accepts a real PNG: stored, described, served at its public URL, success message in the user language', async () => {
    const image = await png(800, 600);
    const res = await upload([{ name: 'photo.png', type: 'image/png', data: image }], '', {
      ...user,
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(200);
    const result = json<Upload>(res).result;
    expect(result.message).toBe('Uploaded.');
    expect(result.files[0]).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 800,
      height: 600,
      visibility: 'public',
    });
    expect(result.files[0]!.url).toMatch(/^\/uploads\/general\/2026\/03\/[0-9a-f-]{36}\.png$/);
    const served = await app.inject({ method: 'GET', url: result.files[0]!.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
    // /Cos/Upload follows the same rules.
    const cos = await upload([{ name: 'a.png', type: 'image/png', data: image }], '', user, '/Cos/Upload');
    expect(cos.statusCode).toBe(200);
    expect(json<Upload>(cos).result.message).toBe('上传成功');
  });

  it('refuses a text file named .png, by its content', async () => {
    const res = await upload([
      { name: 'fake.png', type: 'image/png', data: Buffer.from('hello, not an image at all') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(json(res).extras?.error).toBe('upload_unreadable');
    expect(String(json(res).message)).toMatch(/^上传失败\(C\)/);
  });

  it('refuses an image over the size or the dimensions of its class; digital allows 2 MB and gif', async () => {
    const big = await sharp({
      create: {
        width: 1900,
        height: 1000,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const tooBig = await upload([{ name: 'big.png', type: 'image/png', data: big }]);
    expect(tooBig.statusCode).toBe(400);
    expect(json(tooBig)).toMatchObject({
      extras: { error: 'upload_too_large' },
      message: '上传失败(C)：文件不能超过 1MB',
    });

    const wide = await upload([{ name: 'wide.png', type: 'image/png', data: await png(2000, 500) }]);
    expect(wide.statusCode).toBe(400);
    expect(json(wide).extras?.error).toBe('upload_dimensions_too_large');
    // Portrait within 1080×1920 is fine.
    expect(
      (await upload([{ name: 'tall.png', type: 'image/png', data: await png(1080, 1920) }])).statusCode,
    ).toBe(200);

    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2384f5' } })
      .gif()
      .toBuffer();
    expect((await upload([{ name: 'a.gif', type: 'image/gif', data: gif }])).statusCode).toBe(400);
    const digital = await upload([{ name: 'a.gif', type: 'image/gif', data: gif }], '?category=digital');
    expect(json<Upload>(digital).result.files[0]).toMatchObject({ mime: 'image/gif' });
  });

  it('audio: measured with ffprobe; 31 s is refused, 3 s accepted', async () => {
    const long = await upload([{ name: 'long.mp3', type: 'audio/mpeg', data: tone(31) }]);
    expect(long.statusCode).toBe(400);
    expect(json(long)).toMatchObject({
      extras: { error: 'upload_duration_too_long' },
      message: '上传失败(C)：时长不能超过 30 秒',
    });
    const short = await upload([{ name: 'short.mp3', type: 'audio/mpeg', data: tone(3) }]);
    expect(short.statusCode).toBe(200);
    const file = json<Upload>(short).result.files[0]!;
    expect(file).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    expect(file.duration).toBeGreaterThan(2.9);
    // The tool class takes only video.
    expect(
      json(await upload([{ name: 's.mp3', type: 'audio/mpeg', data: tone(3) }], '?category=tool')).extras
        ?.error,
    ).toBe('upload_kind_not_allowed');
  });

  it('at most 5 files per request; needs a logged-in user; needs a file', async () => {
    const image = await png(10, 10);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', data: image }));
    const res = await upload(six);
    expect(res.statusCode).toBe(400);
    expect(json(res).extras?.error).toBe('upload_too_many_files');
    const anonymous = await upload([{ name: 'a.png', type: 'image/png', data: image }], '', {});
    expect(anonymous.statusCode).toBe(401);
    const guest = await upload(
      [{ name: 'a.png', type: 'image/png', data: image }],
      '',
      bearer(await guestToken(app)),
    );
    expect(guest.statusCode).toBe(401);
    const none = await upload([{ name: 'a.png', type: 'image/png', data: image, field: 'other' }]);
    expect(json(none).extras?.error).toBe('upload_missing_file');
  });

  it('imageResize: resized bytes for our own image (cached), refuses other hosts and traversal', async () => {
    const stored = json<Upload>(
      await upload([{ name: 'p.png', type: 'image/png', data: await png(1600, 900) }]),
    ).result.files[0]!;
    const resized = await app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?url=${encodeURIComponent(stored.url)}`,
    });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/png');
    const meta = await sharp(resized.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([500, 281]); // mode 3: inside 500×500, ratio kept
    const cover = await app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?width=100&height=100&mode=1&url=${encodeURIComponent(`http://localhost:80${stored.url}`)}`,
    });
    const coverMeta = await sharp(cover.rawPayload).metadata();
    expect([coverMeta.width, coverMeta.height]).toEqual([100, 100]);
    const again = await app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?url=${encodeURIComponent(stored.url)}`,
    });
    expect(again.rawPayload.equals(resized.rawPayload)).toBe(true);

    for (const url of [
      `https://evil.example.com${stored.url}`,
      'https://example.com/a.png',
      '/uploads/../secrets.json',
      '/uploads/%2e%2e/secrets.json',
      '/static/images/share.svg',
      'file:///etc/passwd',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/sysFile/imageResize?url=${encodeURIComponent(url)}`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(json(res).extras?.error, url).toBe('image_url_not_allowed');
    }
  });

  it('private files: only through a signed link, valid for 600 s', async () => {
    const res = await upload(
      [{ name: 'id.png', type: 'image/png', data: await png(300, 200) }],
      '?visibility=private',
    );
    const file = json<Upload>(res).result.files[0]!;
    expect(file.url).toMatch(/^\/files\/private\/general\/.+\?expires=\d+&sig=/);
    const key = file.url.split('?')[0]!.slice('/files/private/'.length);
    // Not reachable as a public file.
    const asPublic = await app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(asPublic.headers['content-type']).not.toMatch(/^image\//);
    expect((await app.inject({ method: 'GET', url: `/files/public/${key}` })).statusCode).toBe(404);

    expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
    const tampered = file.url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 600}`);
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    clock.advance(599_000);
    expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
    clock.advance(2_000);
    const expired = await app.inject({ method: 'GET', url: file.url });
    expect(expired.statusCode).toBe(403);
    expect(json(expired).extras?.error).toBe('file_link_expired');
    // A fresh link from the platform service works again.
    expect((await app.inject({ method: 'GET', url: app.platform.storage.signedUrl(key) })).statusCode).toBe(
      200,
    );
  });

  it('other modules store generated media through Platform.storage', async () => {
    const saved = await app.platform.storage.save({
      tenantId: 1,
      userId: null,
      category: 'generated',
      visibility: 'public',
      body: await png(64, 64),
      ext: 'png',
      mime: 'image/png',
      kind: 'image',
      size: 100,
    });
    expect(saved.url).toMatch(/^\/uploads\/generated\//);
    expect((await app.inject({ method: 'GET', url: saved.url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/files/public/${saved.key}` })).statusCode).toBe(200);
  });
});
