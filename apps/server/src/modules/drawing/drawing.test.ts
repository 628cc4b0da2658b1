import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID, drawJobType, type DrawTask, type JobProgressPayload } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { multipart, png } from '../../test/uploads.js';
import { waitFor } from '../../test/wait.js';
import { users } from '../../platform/identity/identity.table.js';
import { goldHolds, ledger } from '../../platform/wallet/wallet.table.js';
import { jobs } from '../../platform/jobs/job.table.js';

/** The drawing API end to end on the offline engine: accept, reserve, draw, capture, publish, hall, like, delete. */
describe('AI drawing API (offline engine)', () => {
  let app: TestApp;
  let demo: string;
  let vip: string;
  const events: JobProgressPayload[] = [];

  const post = (url: string, payload: unknown, token?: string) =>
    app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const goldOf = async (account: string) => {
    const [row] = await app.platform.db
      .select({ gold: users.gold })
      .from(users)
      .where(eq(users.account, account));
    return row!.gold;
  };
  const finished = async (id: number, token: string): Promise<DrawTask> => {
    for (let i = 0; i < 400; i++) {
      const task = json<DrawTask>(await get(`/api/aiDraw/detail?id=${id}`, token)).result;
      if (!['queued', 'running'].includes(task.status)) return task;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('task did not finish');
  };

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 20 });
    await app.ready();
    app.platform.jobs.onEvent((event) => {
      if (event.type === drawJobType) events.push(event);
    });
    demo = await tokenFor(app, 'demo');
    vip = await tokenFor(app, 'demovip');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the engine and the price per image before anything is submitted', async () => {
    const res = await get('/api/aiDraw/options', demo);
    expect(json(res).result).toMatchObject({
      engine: 'offline',
      offline: true,
      goldPerImage: 30,
      maxPromptChars: 1000,
    });
  });

  it('accepts a task, reserves gold, pushes progress to 100 and charges it once it succeeds', async () => {
    const before = await goldOf('demo');
    const res = await post(
      '/api/aiDraw/imagine',
      { prompt: '夕阳下的城市', style: 'watercolor', ratio: '3:4', count: 2, seed: 5 },
      demo,
    );
    expect(res.statusCode).toBe(200);
    const accepted = json<DrawTask>(res).result;
    expect(accepted).toMatchObject({
      // On PostgreSQL a worker may claim the job before the answer is written.
      status: expect.stringMatching(/^(queued|running)$/) as string,
      cost: 60,
      engine: 'offline',
      offline: true,
      mine: true,
      images: [],
    });
    expect(await goldOf('demo')).toBe(before - 60);

    const done = await finished(accepted.id, demo);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, cost: 60, error: null });
    expect(done.images).toHaveLength(2);
    expect(done.images[0]).toMatchObject({ width: 768, height: 1024 });
    expect(done.images[0]!.url).toMatch(/^\/files\/private\/drawing\/.+\.webp\?expires=\d+&sig=/);
    expect(await goldOf('demo')).toBe(before - 60);
    const [hold] = await app.platform.db
      .select()
      .from(goldHolds)
      .where(eq(goldHolds.refId, String(done.id)));
    expect(hold).toMatchObject({ status: 'captured', amount: 60 });

    // The owner's pushes went up to 100 and ended succeeded (the job's last push follows the task's own
    // commit and its notice, so it may arrive just after the task reads as succeeded).
    await waitFor(() => events.some((e) => e.jobId === done.jobId && e.state === 'succeeded'));
    const mine = events.filter((e) => e.jobId === done.jobId);
    expect(mine.at(-1)).toMatchObject({ state: 'succeeded', progress: 100 });
    expect(mine.some((e) => e.state === 'running' && e.progress > 0 && e.progress < 100)).toBe(true);

    // The stored picture is a real 768×1024 image; its thumbnail is 480 on the long side.
    const full = await app.inject({ method: 'GET', url: done.images[0]!.url });
    expect(full.statusCode).toBe(200);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 768,
      height: 1024,
    });
    const thumb = await app.inject({ method: 'GET', url: done.images[0]!.thumbUrl });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 360, height: 480 });
  });

  it('keeps unpublished works private; publishing puts them in the hall for everyone, logged out too', async () => {
    const task = await finished(
      json<DrawTask>(await post('/api/aiDraw/imagine', { prompt: '雪山和湖泊', ratio: '16:9' }, demo)).result
        .id,
      demo,
    );
    expect((await get(`/api/aiDraw/detail?id=${task.id}`)).statusCode).toBe(404);
    expect((await get(`/api/aiDraw/detail?id=${task.id}`, vip)).statusCode).toBe(404);

    const refused = await post('/api/aiDraw/publish', { id: task.id, title: '赌博之夜' }, demo);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).extras).toMatchObject({ error: 'draw_prompt_sensitive' });
    expect((await post('/api/aiDraw/publish', { id: task.id, title: '湖' }, vip)).statusCode).toBe(404);

    const published = json<DrawTask>(
      await post('/api/aiDraw/publish', { id: task.id, title: '雪山湖畔' }, demo),
    ).result;
    expect(published).toMatchObject({ published: true, title: '雪山湖畔' });
    expect(published.images[0]!.thumbUrl).not.toContain('sig=');

    const hall = json<{ items: DrawTask[]; total: number }>(
      await post('/api/aiDraw/page', { scope: 'hall' }),
    ).result;
    expect(hall.items.map((t) => t.id)).toContain(task.id);
    const open = json<DrawTask>(await get(`/api/aiDraw/detail?id=${task.id}`)).result;
    expect(open).toMatchObject({ title: '雪山湖畔', mine: false, liked: false });
    expect((await app.inject({ method: 'GET', url: open.images[0]!.thumbUrl })).statusCode).toBe(200);

    // Likes toggle; the hottest order follows them.
    expect(json<DrawTask>(await post('/api/aiDraw/like', { id: task.id }, vip)).result).toMatchObject({
      liked: true,
      likes: 1,
    });
    expect(json<DrawTask>(await post('/api/aiDraw/like', { id: task.id }, vip)).result).toMatchObject({
      liked: false,
      likes: 0,
    });
    expect((await post('/api/aiDraw/like', { id: task.id })).statusCode).toBe(401);

    // Mine: published and private ones apart.
    const privateOnes = json<{ items: DrawTask[] }>(
      await post('/api/aiDraw/page', { scope: 'mine', published: false }, demo),
    ).result;
    expect(privateOnes.items.every((t) => !t.published)).toBe(true);
    expect((await post('/api/aiDraw/page', { scope: 'mine' })).statusCode).toBe(401);
  });

  it('refuses sensitive prompts naming the words, and bad input, charging nothing', async () => {
    const before = await goldOf('demo');
    const res = await post('/api/aiDraw/imagine', { prompt: '网上赌博的海报' }, demo);
    expect(res.statusCode).toBe(400);
    expect(json(res).extras).toMatchObject({ error: 'draw_prompt_sensitive' });
    expect(String(json(res).message)).toContain('赌博');
    for (const body of [
      { prompt: '' },
      { prompt: 'x', count: 5 },
      { prompt: 'x', ratio: '2:1' },
      { prompt: 'x'.repeat(1001) },
    ]) {
      expect((await post('/api/aiDraw/imagine', body, demo)).statusCode).toBe(400);
    }
    expect((await post('/api/aiDraw/imagine', { prompt: 'x' })).statusCode).toBe(401);
    expect(await goldOf('demo')).toBe(before);
  });

  it('refuses a task the balance cannot cover, leaving no task and no ledger row', async () => {
    await app.platform.db.update(users).set({ gold: 50 }).where(eq(users.account, 'demovip'));
    const res = await post('/api/aiDraw/imagine', { prompt: '一只猫', count: 2 }, vip);
    expect(res.statusCode).toBe(409);
    expect(json(res).extras).toMatchObject({ error: 'insufficient_gold' });
    expect(await goldOf('demovip')).toBe(50);
    const mine = json<{ total: number }>(await post('/api/aiDraw/page', { scope: 'mine' }, vip)).result;
    expect(mine.total).toBe(0);
    await app.platform.db.update(users).set({ gold: 10000 }).where(eq(users.account, 'demovip'));
  });

  it('queues members’ tasks before others’ (job priority)', async () => {
    const member = json<DrawTask>(await post('/api/aiDraw/imagine', { prompt: '春天的樱花' }, vip)).result;
    const plain = json<DrawTask>(await post('/api/aiDraw/imagine', { prompt: '春天的樱花' }, demo)).result;
    const priorities = await app.platform.db
      .select({ id: jobs.id, priority: jobs.priority })
      .from(jobs)
      .where(and(eq(jobs.type, drawJobType)));
    const of = (jobId: number | null) => priorities.find((p) => p.id === jobId)?.priority;
    expect(of(member.jobId)).toBe(10);
    expect(of(plain.jobId)).toBe(0);
    await finished(member.id, vip);
    await finished(plain.id, demo);
  });

  it('takes a report of a drawing as itself, into the reports operators review, only when the reporter can see it', async () => {
    const task = await finished(
      json<DrawTask>(await post('/api/aiDraw/imagine', { prompt: '月下的古城' }, demo)).result.id,
      demo,
    );
    const report = (token: string, targetId = task.id) =>
      post('/api/sysReport/add', { targetType: 'drawing', targetId, reason: '侵权', detail: '盗用' }, token);

    // A private drawing is nobody else's business: the report does not reveal it exists.
    const hidden = await report(vip);
    expect(hidden.statusCode).toBe(404);
    expect(json(hidden).extras).toMatchObject({ error: 'report_target_not_found' });
    expect((await report(vip, 99_999_999)).statusCode).toBe(404);
    expect(
      (await post('/api/sysReport/add', { targetType: 'drawing', targetId: task.id, reason: 'x' }))
        .statusCode,
    ).toBe(401);

    await post('/api/aiDraw/publish', { id: task.id, title: '古城月夜' }, demo);
    const first = json<{ id: number }>(await report(vip)).result;
    expect(json<{ id: number }>(await report(vip)).result.id).toBe(first.id);

    const admin = await tokenFor(app, 'admin');
    const list = json<{ items: Record<string, unknown>[] }>(
      await post('/api/sysReport/page', { targetType: 'drawing', status: 'pending' }, admin),
    ).result;
    expect(list.items.find((r) => r.id === first.id)).toMatchObject({
      targetType: 'drawing',
      targetId: task.id,
      reason: '侵权',
      detail: '盗用',
      targetText: '古城月夜',
    });

    // A deleted drawing cannot be reported any more.
    await post('/api/aiDraw/delete', { id: task.id }, demo);
    expect((await report(admin)).statusCode).toBe(404);
  });

  it('deletes a work of mine (others cannot), gone from lists and detail', async () => {
    const task = await finished(
      json<DrawTask>(await post('/api/aiDraw/imagine', { prompt: '海边' }, demo)).result.id,
      demo,
    );
    expect((await post('/api/aiDraw/delete', { id: task.id }, vip)).statusCode).toBe(404);
    expect(json(await post('/api/aiDraw/delete', { id: task.id }, demo)).result).toBe(true);
    expect((await get(`/api/aiDraw/detail?id=${task.id}`, demo)).statusCode).toBe(404);
    expect((await post('/api/aiDraw/delete', { id: task.id }, demo)).statusCode).toBe(404);
  });

  it('translates a Chinese prompt offline, saying so', async () => {
    const res = await post('/api/aiDraw/toEnglish', { text: '夕阳下的城市' }, demo);
    expect(json(res).result).toEqual({ text: 'city at sunset', engine: 'offline', offline: true });
  });

  it('takes up to 4 role images by the digital image rules, private, usable only by their owner', async () => {
    const body = multipart([
      { field: 'file', name: 'a.png', type: 'image/png', data: await png(600, 800) },
      { field: 'file', name: 'b.png', type: 'image/png', data: await png(300, 300) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/aiDrawProject/uploadRoleImages',
      headers: { ...bearer(demo), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const roles = json<{ id: number; url: string; width: number }[]>(res).result;
    expect(roles.map((r) => r.width)).toEqual([600, 300]);
    expect(roles[0]!.url).toContain('/files/private/');

    const tooBig = multipart([
      { field: 'file', name: 'c.png', type: 'image/png', data: await png(2000, 1200) },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/aiDrawProject/uploadRoleImages',
      headers: { ...bearer(demo), ...tooBig.headers },
      payload: tooBig.payload,
    });
    expect(json(refused).extras).toMatchObject({ error: 'draw_role_image_invalid' });
    const notImage = multipart([
      { field: 'file', name: 'd.png', type: 'image/png', data: Buffer.from('hello') },
    ]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/aiDrawProject/uploadRoleImages',
          headers: { ...bearer(demo), ...notImage.headers },
          payload: notImage.payload,
        })
      ).statusCode,
    ).toBe(400);

    const ok = await post(
      '/api/aiDraw/imagine',
      { prompt: '角色立绘', roleImageIds: roles.map((r) => r.id) },
      demo,
    );
    expect(ok.statusCode).toBe(200);
    const stolen = await post(
      '/api/aiDraw/imagine',
      { prompt: '角色立绘', roleImageIds: [roles[0]!.id] },
      vip,
    );
    expect(json(stolen).extras).toMatchObject({ error: 'draw_role_image_not_found' });
    expect(json<unknown[]>(await get('/api/aiDrawProject/roleImages', demo)).result).toHaveLength(2);
    await finished(json<DrawTask>(ok).result.id, demo);
  });

  it('writes a ledger row for the reserve and one for the capture', async () => {
    const [task] = json<{ items: DrawTask[] }>(
      await post('/api/aiDraw/page', { scope: 'mine', pageSize: 50 }, demo),
    ).result.items.filter((t) => t.status === 'succeeded');
    const rows = await app.platform.db
      .select({ amount: ledger.amount, reason: ledger.reason })
      .from(ledger)
      .where(
        and(
          eq(ledger.tenantId, DEFAULT_TENANT_ID),
          eq(ledger.refType, 'ai_draw'),
          eq(ledger.refId, String(task!.id)),
        ),
      );
    expect(rows).toEqual([
      { amount: -30, reason: 'ai_draw' },
      { amount: 0, reason: 'ai_draw_captured' },
    ]);
  });
});

describe('AI drawing with midjourney-proxy configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      AI_IMAGE_PROVIDER: 'midjourney',
      AI_IMAGE_BASE_URL: 'http://127.0.0.1:9',
      AI_IMAGE_API_KEY: 'mj-secret',
      PUBLIC_BASE_URL: 'https://app.example',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers role images, and its notifyHook takes only the token derived from the proxy’s secret', async () => {
    const options = json(await app.inject({ method: 'GET', url: '/api/aiDraw/options' })).result;
    expect(options).toMatchObject({ engine: 'midjourney', offline: false, roleImages: true });
    const notify = (token: string) =>
      app.inject({
        method: 'POST',
        url: `/api/aiDraw/notify/midjourney?token=${token}`,
        payload: { id: 'mj-1', status: 'SUCCESS' },
      });
    expect((await notify('wrong')).statusCode).toBe(403);
    const { midjourneyNotifyToken } = await import('./engines/engines.js');
    const right = await notify(midjourneyNotifyToken({ AI_IMAGE_API_KEY: 'mj-secret' })!);
    expect(right.statusCode).toBe(200);
    // No poll of that task waits in this process.
    expect(json(right).result).toBe(false);
  });
});
