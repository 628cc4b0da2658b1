import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../platform/storage/file.table.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
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
