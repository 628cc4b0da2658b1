import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewRecord } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, createTestUser, tokenFor } from '../../test/tokens.js';
import { multipart } from '../../test/uploads.js';
import { auditLog, imMessages } from '../../schema.js';
import { createNsfwClassifier, riskOf } from '../moderation/index.js';

const cat = readFileSync(path.resolve(import.meta.dirname, '../../../static/plaza/cat.png'));

type Headers = Record<string, string>;
interface Content {
  id: number;
  status: string;
  takedownReason: string | null;
  review: ReviewRecord | null;
}

describe('review before publishing (先审后发)', () => {
  let app: TestApp;
  let admin: Headers;
  let demo: Headers;
  const call = async <T>(url: string, payload: unknown, headers: Headers, status = 200) => {
    const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
    expect(res.statusCode, res.body).toBe(status);
    return json<T>(res).result;
  };
  const detail = (id: number, headers: Headers = {}) =>
    app.inject({ method: 'GET', url: `/api/sysArticle/detail?id=${id}`, headers });
  const plazaIds = async (headers: Headers = {}) =>
    (await call<{ items: { id: number }[] }>('/api/sysArticle/page', { page: 1, pageSize: 50 }, headers)).items.map(
      (i) => i.id,
    );
  const publish = (headers: Headers, body: Record<string, unknown>) =>
    call<{ id: number; status: string }>('/api/sysArticle/add', { categoryId: 1, content: '正文', ...body }, headers);
  const setConfig = (values: Record<string, unknown>) => call('/api/console/app-config', { values }, admin);
  const waiting = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/console/queues', headers: admin });
    return json<{ queue: string; waiting: number }[]>(res).result.find((q) => q.queue === 'contentReview')!.waiting;
  };

  beforeAll(async () => {
    app = await createTestApp();
    admin = bearer(await tokenFor(app, 'admin'));
    demo = bearer(await tokenFor(app, 'demo'));
  }, 120_000);
  afterAll(() => app.close());

  it('holds a new account’s first posts for review: only its author sees them, until an operator approves', async () => {
    const author = await createTestUser(app, ['user'], { newPublisher: true });
    const other = await createTestUser(app);
    const before = await waiting();
    const { id, status } = await publish(author.auth, { title: '我的第一篇' });
    // The editor is told the work waits for review (it says so instead of 发布成功).
    expect(status).toBe('pending');

    const own = json<{ status: string }>(await detail(id, author.auth)).result;
    expect(own.status).toBe('pending');
    expect((await detail(id, other.auth)).statusCode).toBe(404);
    expect((await detail(id)).statusCode).toBe(404);
    expect(await plazaIds()).not.toContain(id);
    expect(await waiting()).toBe(before + 1);

    const queue = await call<{ items: Content[] }>(
      '/api/console/content/page',
      { page: 1, pageSize: 20, filters: { status: 'pending' } },
      admin,
    );
    expect(queue.items.find((i) => i.id === id)?.review).toEqual({ reason: 'new_account', pictures: [] });

    const approved = await call<Content>('/api/console/content/review/approve', { id }, admin);
    expect(approved.status).toBe('published');
    expect(await plazaIds()).toContain(id);
    expect(json<{ status: string }>(await detail(id, other.auth)).result.status).toBe('published');
    const audit = await app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.review_approve'), eq(auditLog.targetId, String(id))));
    expect(audit).toHaveLength(1);
    const notices = await app.platform.db.select().from(imMessages).where(eq(imMessages.userId, author.uid));
    // The notice opens the work.
    expect(notices.find((n) => n.title === '作品审核通过')?.link).toBe(`/pages/detail/article?id=${id}`);
    // Decided once: a second approval is refused and changes nothing.
    await call('/api/console/content/review/approve', { id }, admin, 409);
  });

  it('a rejected post shows its author 未通过 with the reason, and nobody else', async () => {
    const author = await createTestUser(app, ['user'], { newPublisher: true });
    const { id } = await publish(author.auth, { title: '待拒绝' });
    await call('/api/console/content/review/reject', { id, reason: '含有广告信息' }, admin);
    const own = json<{ status: string; takedownReason: string | null }>(await detail(id, author.auth)).result;
    expect(own).toMatchObject({ status: 'rejected', takedownReason: '含有广告信息' });
    expect((await detail(id, demo)).statusCode).toBe(404);
    expect(await plazaIds()).not.toContain(id);
    const notices = await app.platform.db.select().from(imMessages).where(eq(imMessages.userId, author.uid));
    expect(notices.some((n) => n.content.includes('含有广告信息'))).toBe(true);
    // Submitting it again sends it back to review, not to the plaza.
    await call('/api/sysArticle/update', { id, title: '改过了', isDraft: false }, author.auth);
    expect(json<{ status: string }>(await detail(id, author.auth)).result.status).toBe('pending');
  });

  it('publishes an established account’s post at once (seeded demo accounts count as established)', async () => {
    const { id } = await publish(demo, { title: '演示用户的作品' });
    expect(json<{ status: string }>(await detail(id, demo)).result.status).toBe('published');
    expect(await plazaIds()).toContain(id);
  });

  it('sends a flagged picture to review with its scores; above the block threshold the post is refused', async () => {
    const body = multipart([{ field: 'file', name: 'cat.png', type: 'image/png', data: cat }]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments?category=general',
      headers: { ...demo, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const url = json<{ files: { url: string }[] }>(upload).result.files[0]!.url;
    const classifier = createNsfwClassifier();
    const risk = riskOf(await classifier.classify(cat));
    await classifier.close();

    // The review threshold just under this picture's own risk: an established author's post waits.
    await setConfig({ pictureModeration: { review: Math.max(0, risk - 0.001), block: Math.min(1, risk + 0.001) } });
    const { id } = await publish(demo, { title: '带图', images: [url] });
    expect(json<{ status: string }>(await detail(id, demo)).result.status).toBe('pending');
    const queue = await call<{ items: Content[] }>(
      '/api/console/content/page',
      { page: 1, pageSize: 20, filters: { status: 'pending' } },
      admin,
    );
    const review = queue.items.find((i) => i.id === id)!.review!;
    expect(review.reason).toBe('flagged');
    expect(review.pictures[0]).toMatchObject({ url, engine: 'nsfwjs', verdict: 'review' });
    expect(review.pictures[0]!.scores!.neutral + review.pictures[0]!.scores!.drawing).toBeGreaterThan(0);

    // At the block threshold publishing it is refused, and nothing is written.
    await setConfig({ pictureModeration: { review: Math.max(0, risk - 0.001), block: Math.max(0, risk - 0.001) } });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/add',
      headers: demo,
      payload: { categoryId: 1, content: '正文', title: '被拒', images: [url] },
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).extras?.error).toBe('picture_refused');

    // With the policy off, the same picture between the thresholds publishes at once.
    await setConfig({
      pictureModeration: { review: Math.max(0, risk - 0.001), block: Math.min(1, risk + 0.001) },
      reviewPolicy: { mode: 'off', newAccountDays: 0, newAccountPosts: 3 },
    });
    const open = await publish(demo, { title: '关闭审核', images: [url] });
    expect(json<{ status: string }>(await detail(open.id, demo)).result.status).toBe('published');
  }, 120_000);
});
