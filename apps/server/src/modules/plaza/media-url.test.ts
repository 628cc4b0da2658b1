import { articleAddBodySchema, isOwnMediaPath, type StoredFile } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../schema.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { S3RVER_KEY, startS3rver } from '../../test/s3rver.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { multipart, png } from '../../test/uploads.js';

/** Uploads a picture through our endpoint and answers the URL it was given. */
const uploadPicture = async (app: TestApp, headers: Record<string, string>, query = '') => {
  const form = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data: await png(40, 30) }]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/sysCommonInfo/UploadAttachments${query}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ files: StoredFile[] }>(res).result.files[0]!.url;
};

const addWork = (app: TestApp, headers: Record<string, string>, body: Record<string, unknown>) =>
  app
    .inject({
      method: 'POST',
      url: '/api/sysArticle/add',
      headers: { ...headers, 'accept-language': 'en' },
      payload: { title: 'a work', content: 'text', ...body },
    })
    .then((res) => ({ status: res.statusCode, body: json<{ id: number }>(res) }));

const REFUSED = 'Only pictures and media uploaded to this app can be used.';

/** Every address kind a work must not show, each in `images`, `cover` and `media` in turn. */
const foreign = [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://127.0.0.1:8080/api/sysUser/logout',
  'https://tracker.example.com/pixel.gif?reader=1',
  'http://localhost/uploads/a.png',
  '//evil.example.com/uploads/a.png',
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '/api/sysUser/logout',
  '/uploads/../api/sysUser/logout',
  '/uploads/%2e%2e/api/sysUser/logout',
  '/static//evil.example.com/a.png',
  '/uploads/a.png\\..\\..\\api',
];

describe('plaza works show only our own files (local storage)', () => {
  let app: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_BASE_URL: 'https://app.example.com' });
    user = bearer(await tokenFor(app, 'demo'));
  });
  afterAll(() => app.close());

  it('(before any test adds one) the seeded demo works use only our own files, and pass the contract as they are', async () => {
    const rows = await app.platform.db
      .select({ cover: articles.cover, images: articles.images, media: articles.media })
      .from(articles);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const urls = [row.cover, ...row.images, row.media?.url, row.media?.poster].filter(
        (u): u is string => !!u,
      );
      for (const url of urls) expect(isOwnMediaPath(url), url).toBe(true);
      expect(
        articleAddBodySchema.safeParse({ images: row.images, cover: row.cover, media: row.media }).success,
      ).toBe(true);
    }
  });

  it.each(foreign)(
    'refuses %s with 400 in images, cover and media, in the caller’s language',
    async (url) => {
      for (const [field, body] of [
        ['images', { images: [url] }],
        ['cover', { cover: url }],
        ['media', { media: { type: 'video', url } }],
      ] as const) {
        const answer = await addWork(app, user, body);
        expect(answer.status, `${field} ${url}`).toBe(400);
        expect(Object.values(answer.body.message as Record<string, string[]>).flat()).toContain(REFUSED);
      }
    },
  );

  it('refuses a private file’s signed link (it expires; the file is not for everyone) and S3 addresses with no S3 configured', async () => {
    const privateUrl = await uploadPicture(app, user, '?visibility=private');
    expect(privateUrl).toMatch(/^\/files\/private\/.+\?expires=\d+&sig=/);
    expect((await addWork(app, user, { images: [privateUrl] })).status).toBe(400);
    expect((await addWork(app, user, { cover: 'https://cdn.example.com/media/public/a.png' })).status).toBe(
      400,
    );
  });

  it('accepts pictures uploaded through our endpoints, our static assets and our own files at PUBLIC_BASE_URL, on add and on update', async () => {
    const uploaded = await uploadPicture(app, user);
    expect(uploaded).toMatch(/^\/uploads\//);
    const added = await addWork(app, user, {
      images: [uploaded, '/static/plaza/cat.png'],
      cover: `https://app.example.com${uploaded}`,
      media: { type: 'video', url: '/static/plaza/demo-video.mp4', poster: uploaded },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const update = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/sysArticle/update',
        headers: user,
        payload: { id: added.body.result.id, ...body },
      });
    expect((await update({ images: [uploaded] })).statusCode).toBe(200);
    const refused = await update({ cover: 'https://tracker.example.com/p.gif' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toEqual({ cover: ['只能使用在本应用上传的图片和媒体'] });
  });

  it('a homepage background (shown to every visitor) is one of our files too', async () => {
    const put = (homeBg: string) =>
      app.inject({
        method: 'POST',
        url: '/api/sysUserExtInfo/metadataUpdate',
        headers: user,
        payload: { metadata: { homeBg } },
      });
    expect((await put('https://tracker.example.com/bg.jpg')).statusCode).toBe(400);
    expect((await put('/uploads/../api/x')).statusCode).toBe(400);
    expect((await put(await uploadPicture(app, user))).statusCode).toBe(200);
    expect((await put('/static/images/wallpaper/1.jpg')).statusCode).toBe(200);
  });
});

describe('plaza works with S3 storage and a public base (S3_PUBLIC_URL)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let app: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    s3 = await startS3rver('media');
    app = await createTestApp({
      S3_BUCKET: 'media',
      S3_ENDPOINT: s3.endpoint,
      S3_PUBLIC_URL: 'https://cdn.example.com/media',
      ...S3RVER_KEY,
    });
    user = bearer(await tokenFor(app, 'demo'));
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it('accepts a picture uploaded to the bucket by its public address; refuses other paths and look-alike hosts', async () => {
    const uploaded = await uploadPicture(app, user);
    expect(uploaded).toMatch(/^https:\/\/cdn\.example\.com\/media\/public\//);
    expect((await addWork(app, user, { images: [uploaded], cover: uploaded })).status).toBe(200);
    for (const url of [
      'https://cdn.example.com/other/public/a.png',
      'https://cdn.example.com.evil.example/media/public/a.png',
      'https://cdn.example.com/media/public/../../private/a.png',
      'http://cdn.example.com/media/public/a.png',
    ])
      expect((await addWork(app, user, { images: [url] })).status, url).toBe(400);
  });
});
