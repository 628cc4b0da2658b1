import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDetail, ArticlePageResult } from '@app/contract';
import { users } from '../../platform/identity/identity.table.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { png } from '../../test/uploads.js';

/**
 * 创作声明 on the plaza: a work made with our AI tools (a generated picture, or an answer's text carrying the AI
 * label) is declared AI生成 whatever the author sends, in every list and on its page; other works keep the
 * author's choice, which may be none.
 */
describe('creation declarations of plaza works', () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let demoId: number;

  beforeAll(async () => {
    app = await createTestApp();
    demo = bearer(await tokenFor(app, 'demo'));
    const [demoRow] = await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo'));
    demoId = demoRow!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  const publicFile = async (category: string) => {
    const data = await png(64, 64);
    return (
      await app.platform.storage.save({
        tenantId: 1,
        userId: demoId,
        category,
        visibility: 'public',
        body: data,
        ext: 'png',
        mime: 'image/png',
        kind: 'image',
        size: data.length,
      })
    ).url;
  };
  const add = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/sysArticle/add', headers: demo, payload });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ id: number }>(res).result.id;
  };
  const detail = async (id: number) =>
    json<ArticleDetail>(await app.inject({ method: 'GET', url: `/api/sysArticle/detail?id=${id}`, headers: demo })).result;

  it('fixes AI生成 on a work with a generated picture, even when the author asks for another or none', async () => {
    const id = await add({ title: '我的画', images: [await publicFile('drawing')], declaration: 'personal_view' });
    expect(await detail(id)).toMatchObject({ declaration: 'ai_generated', aiMade: true });
    const update = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/update',
      headers: demo,
      payload: { id, declaration: null },
    });
    expect(update.statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ declaration: 'ai_generated', aiMade: true });
    const page = json<ArticlePageResult>(
      await app.inject({ method: 'POST', url: '/api/sysArticle/page', headers: demo, payload: { mine: true } }),
    ).result;
    expect(page.items.find((w) => w.id === id)).toMatchObject({ declaration: 'ai_generated', aiMade: true });
  });

  it('an answer published with its text label is AI-made; a work of the author’s own keeps their choice', async () => {
    const copied = await add({ title: '文案', content: '春天来了，花开了。\n\n内容由 AI 生成' });
    expect(await detail(copied)).toMatchObject({ declaration: 'ai_generated', aiMade: true });

    const own = await add({ title: '随笔', content: '今天去了公园。', images: [await publicFile('social')], declaration: 'fictional' });
    expect(await detail(own)).toMatchObject({ declaration: 'fictional', aiMade: false });
    await app.inject({ method: 'POST', url: '/api/sysArticle/update', headers: demo, payload: { id: own, content: '改过了。' } });
    expect((await detail(own)).declaration).toBe('fictional');
    await app.inject({ method: 'POST', url: '/api/sysArticle/update', headers: demo, payload: { id: own, declaration: null } });
    expect(await detail(own)).toMatchObject({ declaration: null, aiMade: false });

    const bad = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/add',
      headers: demo,
      payload: { title: 'x', declaration: 'made_up' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
