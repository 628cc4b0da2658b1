import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICTURE_MODERATION, type ReviewRecord } from '@app/contract';
import { files } from '../../platform/storage/file.table.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, createTestUser, tokenFor } from '../../test/tokens.js';
import { multipart } from '../../test/uploads.js';
import { createNsfwClassifier } from './pictures/nsfw-classifier.js';
import { riskOf } from './pictures/picture-screen.js';

const cat = readFileSync(path.resolve(import.meta.dirname, '../../../static/plaza/cat.png'));

describe('uploads pass the picture screen', () => {
  let app: TestApp;
  let user: Record<string, string>;
  let admin: Record<string, string>;
  let risk: number;

  beforeAll(async () => {
    app = await createTestApp();
    user = bearer(await tokenFor(app, 'demo'));
    admin = bearer(await tokenFor(app, 'admin'));
    const classifier = createNsfwClassifier();
    risk = riskOf(await classifier.classify(cat));
    await classifier.close();
  }, 120_000);
  afterAll(() => app.close());

  const upload = (data: Buffer, category = 'general') => {
    const body = multipart([{ field: 'file', name: 'cat.png', type: 'image/png', data }]);
    return app.inject({
      method: 'POST',
      url: `/api/sysCommonInfo/UploadAttachments?category=${category}`,
      headers: { ...user, ...body.headers },
      payload: body.payload,
    });
  };
  const setThresholds = async (review: number, block: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/console/app-config',
      headers: admin,
      payload: { values: { pictureModeration: { review, block } } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const storedCount = async () => (await app.platform.db.select({ id: files.id }).from(files).where(eq(files.category, 'general'))).length;

  it('keeps a neutral picture at the default thresholds', async () => {
    const res = await upload(cat);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ files: { url: string }[] }>(res).result.files).toHaveLength(1);
  }, 120_000);

  it('refuses a picture scored at or above the block threshold, with a clear message, and keeps nothing', async () => {
    const before = await storedCount();
    // The block threshold just under this picture's own risk, as the model scores it.
    const block = Math.max(0, risk - 0.001);
    await setThresholds(block, block);
    const res = await upload(cat);
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.extras?.error).toBe('picture_refused');
    expect(body.message).toBe('图片未通过内容安全检查，无法上传，请更换图片');
    expect(await storedCount()).toBe(before);
    // Just above its risk it is kept again (between review and block: kept; publishing it goes to review).
    await setThresholds(Math.max(0, risk - 0.001), Math.min(1, risk + 0.001));
    expect((await upload(cat)).statusCode).toBe(200);
    expect(await storedCount()).toBe(before + 1);
  }, 120_000);

  it('keeps a picture between review and block flagged: a work showing it waits for review, nobody else sees it', async () => {
    await setThresholds(Math.max(0, risk - 0.001), Math.min(1, risk + 0.001));
    const res = await upload(cat);
    expect(res.statusCode, res.body).toBe(200);
    const url = json<{ files: { url: string }[] }>(res).result.files[0]!.url;
    const [row] = await app.platform.db
      .select({ moderation: files.moderation })
      .from(files)
      .where(eq(files.storageKey, url.replace(/^\/uploads\//, '')));
    expect(row?.moderation).toMatchObject({ verdict: 'review', engine: 'nsfwjs' });
    expect(row!.moderation!.risk).toBeCloseTo(risk, 5);

    // Thresholds back to the defaults, where this picture scored again would pass: its flag still holds the work.
    await setThresholds(DEFAULT_PICTURE_MODERATION.review, DEFAULT_PICTURE_MODERATION.block);
    const post = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/add',
      headers: user,
      payload: { categoryId: 1, title: '带图的作品', content: '正文', images: [url] },
    });
    expect(post.statusCode, post.body).toBe(200);
    const id = json<{ id: number }>(post).result.id;
    const detail = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/sysArticle/detail?id=${id}`, headers });
    // The demo author is established: only the flag sends the post to review (审核中 for its author).
    expect(json<{ status: string }>(await detail(user)).result.status).toBe('pending');
    const stranger = await createTestUser(app);
    expect((await detail(stranger.auth)).statusCode).toBe(404);
    expect((await detail({})).statusCode).toBe(404);
    const plaza = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/page',
      headers: stranger.auth,
      payload: { page: 1, pageSize: 50 },
    });
    const shown = json<{ items: { id: number; images: string[] }[] }>(plaza).result.items;
    expect(shown.map((i) => i.id)).not.toContain(id);
    expect(shown.flatMap((i) => i.images)).not.toContain(url);

    // The console's 内容审核 queue shows the picture's scores as they were when it was kept.
    const queue = await app.inject({
      method: 'POST',
      url: '/api/console/content/page',
      headers: admin,
      payload: { page: 1, pageSize: 20, filters: { status: 'pending' } },
    });
    const item = json<{ items: { id: number; review: ReviewRecord | null }[] }>(queue).result.items.find((i) => i.id === id);
    expect(item?.review?.reason).toBe('flagged');
    expect(item?.review?.pictures[0]).toMatchObject({ url, verdict: 'review', engine: 'nsfwjs' });
    expect(item!.review!.pictures[0]!.scores!.neutral).toBeGreaterThan(0);

    // A picture that passed, in an established author's post, is published at once.
    const clean = json<{ files: { url: string }[] }>(await upload(cat)).result.files[0]!.url;
    const published = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/add',
      headers: user,
      payload: { categoryId: 1, title: '普通作品', content: '正文', images: [clean] },
    });
    const cleanId = json<{ id: number }>(published).result.id;
    expect(json<{ status: string }>(await app.inject({ method: 'GET', url: `/api/sysArticle/detail?id=${cleanId}`, headers: stranger.auth })).result.status).toBe('published');
  }, 120_000);

  it('screens avatars (shown to everyone at once: only a passing picture is kept) and pictures imported to upscale', async () => {
    const post = (url: string) => {
      const body = multipart([{ field: 'file', name: 'cat.png', type: 'image/png', data: cat }]);
      return app.inject({ method: 'POST', url, headers: { ...user, ...body.headers }, payload: body.payload });
    };
    const importedFlags = async () =>
      (await app.platform.db.select({ moderation: files.moderation }).from(files).where(eq(files.category, 'drawing'))).map(
        (f) => f.moderation?.verdict ?? null,
      );
    // Between review and block: an avatar is refused; a picture to upscale is kept, flagged (with its thumbnail).
    await setThresholds(Math.max(0, risk - 0.001), Math.min(1, risk + 0.001));
    const avatar = await post('/api/sysFile/uploadAvatar');
    expect(avatar.statusCode).toBe(400);
    expect(json(avatar).extras?.error).toBe('picture_refused');
    expect((await post('/api/aiDraw/uploadImage')).statusCode).toBe(200);
    expect(await importedFlags()).toEqual(['review', 'review']);
    // At the block threshold the picture to upscale is refused too, and nothing more is kept.
    await setThresholds(Math.max(0, risk - 0.001), Math.max(0, risk - 0.001));
    const refused = await post('/api/aiDraw/uploadImage');
    expect(json(refused).extras?.error).toBe('picture_refused');
    expect(await importedFlags()).toHaveLength(2);
    // At the defaults the same avatar passes.
    await setThresholds(DEFAULT_PICTURE_MODERATION.review, DEFAULT_PICTURE_MODERATION.block);
    expect((await post('/api/sysFile/uploadAvatar')).statusCode).toBe(200);
  }, 120_000);

  it('a flagged picture cannot become the homepage background (every visitor sees it); a passing one can', async () => {
    const setHomeBg = (homeBg: string) =>
      app.inject({ method: 'POST', url: '/api/sysUserExtInfo/metadataUpdate', headers: user, payload: { metadata: { homeBg } } });
    await setThresholds(Math.max(0, risk - 0.001), Math.min(1, risk + 0.001));
    const flagged = json<{ files: { url: string }[] }>(await upload(cat)).result.files[0]!.url;
    await setThresholds(DEFAULT_PICTURE_MODERATION.review, DEFAULT_PICTURE_MODERATION.block);
    const refused = await setHomeBg(flagged);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(json(refused).extras).toMatchObject({ error: 'home_bg_held' });
    const detail = await app.inject({ method: 'GET', url: '/api/sysUserExtInfo/currentUserDetail', headers: user });
    expect(json<{ metadata: Record<string, unknown> }>(detail).result.metadata.homeBg).not.toBe(flagged);

    const passing = json<{ files: { url: string }[] }>(await upload(cat)).result.files[0]!.url;
    const kept = await setHomeBg(passing);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json<{ metadata: Record<string, unknown> }>(kept).result.metadata.homeBg).toBe(passing);
  });

  it('refuses app_config thresholds where review exceeds block', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/console/app-config',
      headers: admin,
      payload: { values: { pictureModeration: { review: 0.9, block: 0.5 } } },
    });
    expect(res.statusCode).toBe(400);
  });
});
