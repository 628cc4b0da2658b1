import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { loginByPhone, freshPhone } from '../../test/auth.js';
import { S3RVER_KEY, startS3rver } from '../../test/s3rver.js';
import { multipart, png } from '../../test/uploads.js';

/** Every file under a directory (relative paths), or none when it does not exist. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];

describe('S3-compatible storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startS3rver('media');
    app = await createTestApp({ S3_BUCKET: 'media', S3_ENDPOINT: s3.endpoint, ...S3RVER_KEY });
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it('uploads go to the bucket under public/ or private/ and are served back through us', async () => {
    const image = await png(40, 30);
    const form = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data: image }]);
    const send = (query: string) =>
      app.inject({
        method: 'POST',
        url: `/api/sysCommonInfo/UploadAttachments${query}`,
        headers: { ...form.headers },
        payload: form.payload,
      });
    const user = bearer(await tokenFor(app, 'demo'));
    const up = async (query: string) =>
      json<{ files: StoredFile[] }>(
        await app.inject({
          method: 'POST',
          url: `/api/sysCommonInfo/UploadAttachments${query}`,
          headers: { ...user, ...form.headers },
          payload: form.payload,
        }),
      ).result.files[0]!;
    expect((await send('')).statusCode).toBe(401);

    const pub = await up('');
    expect(pub.url).toMatch(/^\/files\/public\/general\//);
    const key = pub.url.slice('/files/public/'.length);
    expect(await s3.keys()).toContain(`public/${key}`);
    const served = await app.inject({ method: 'GET', url: pub.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const resized = await app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?width=20&height=20&url=${encodeURIComponent(pub.url)}`,
    });
    expect(resized.statusCode).toBe(200);

    const priv = await up('?visibility=private');
    const privateKey = priv.url.split('?')[0]!.slice('/files/private/'.length);
    expect(await s3.keys()).toContain(`private/${privateKey}`);
    expect((await app.inject({ method: 'GET', url: priv.url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/files/public/${privateKey}` })).statusCode).toBe(404);
  });

  it('avatars, ID card photos and feedback images go to the bucket; nothing is written under DATA_DIR', async () => {
    const user = await loginByPhone(app, freshPhone());
    const send = async (url: string, count = 1) => {
      const form = multipart(
        await Promise.all(
          Array.from({ length: count }, async (_, i) => ({
            field: 'file',
            name: `p${i}.png`,
            type: 'image/png',
            data: await png(60 + i, 40),
          })),
        ),
      );
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(user.accessToken), ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(200);
      return json<Record<string, unknown>>(res).result;
    };

    const first = (await send('/api/sysFile/uploadAvatar')).url as string;
    expect(first).toMatch(/^\/files\/public\/avatars\//);
    const avatar = (await send('/api/sysFile/uploadAvatar')).url as string;
    const avatarKey = `public/${avatar.slice('/files/public/'.length)}`;
    expect(await s3.keys()).toContain(avatarKey);
    // The replaced avatar is deleted from the bucket.
    expect(await s3.keys()).not.toContain(`public/${first.slice('/files/public/'.length)}`);
    const served = await app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const { files: idCards } = (await send('/api/sysAuthenticationInfo/uploadIdCardImageList', 2)) as {
      files: string[];
    };
    for (const key of idCards) expect(await s3.keys()).toContain(`private/idcards/${key}`);
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/sysAuthenticationInfo/add',
      headers: bearer(user.accessToken),
      payload: { realName: '张三', idCardNum: '11010519491231002X', idCardImages: idCards },
    });
    expect(submitted.statusCode).toBe(200);
    for (const url of json<{ idCardImageUrls: string[] }>(submitted).result.idCardImageUrls) {
      const photo = await app.inject({ method: 'GET', url });
      expect(photo.statusCode).toBe(200);
      expect(String(photo.headers['content-type'])).toMatch(/^image\//);
    }

    const { files: attachments } = (await send('/api/sysCommonInfo/UploadAttachments')) as {
      files: StoredFile[];
    };
    const feedback = await app.inject({
      method: 'POST',
      url: '/api/sysFeedback/add',
      headers: bearer(user.accessToken),
      payload: { type: 'bug', content: '进度条不动了，请看截图', images: attachments.map((f) => f.url) },
    });
    expect(feedback.statusCode).toBe(200);

    const dataDir = app.platform.dataDir;
    expect([
      ...filesUnder(path.join(dataDir, 'uploads')),
      ...filesUnder(path.join(dataDir, 'private')),
    ]).toEqual([]);
  });

  it('a store that refuses the upload is "upload failed (S)", 502', async () => {
    // A bucket the store does not have: it answers NoSuchBucket to every upload.
    const broken = await createTestApp({
      S3_BUCKET: 'no-such-bucket',
      S3_ENDPOINT: s3.endpoint,
      ...S3RVER_KEY,
    });
    const form = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data: await png(10, 10) }]);
    const res = await broken.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments',
      headers: { ...bearer(await tokenFor(broken, 'demo')), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(502);
    expect(json(res)).toMatchObject({ extras: { error: 'upload_storage_failed' } });
    expect(String(json(res).message)).toContain('(S)');
    await broken.close();
  });
});
