import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID, drawUpscaleJobType, type DrawTask, type JobProgressPayload } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { waitFor } from '../../test/wait.js';
import { multipart, png } from '../../test/uploads.js';
import { users } from '../../platform/identity/identity.table.js';
import { goldHolds } from '../../platform/wallet/wallet.table.js';
import { drawingDepsFrom } from './drawing.module.js';
import { drawVersions } from './drawing.table.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { systemClock } from '../../platform/clock.js';
import { createDrawingService } from './drawing.service.js';
import type { ImageEngine } from './engines/image-engine.js';

/**
 * 高清放大 end to end: the API accepts an upscale of a finished work, holds the gold, runs the `ai_draw_upscale`
 * job on the real offline ESRGAN model (tfjs WASM in a worker thread), pushes its progress and keeps the result
 * as a new version of the work, public with it once published.
 */
describe('drawing upscale API (offline ESRGAN)', () => {
  let app: TestApp;
  let demo: string;
  let vip: string;
  let service: ReturnType<typeof createDrawingService>;
  const events: JobProgressPayload[] = [];

  /** Small pictures keep the real model quick: `wide` draws one too wide to be upscaled ×4. */
  const smallEngine: ImageEngine = {
    name: 'offline',
    offline: true,
    maxPromptChars: 1000,
    timeoutMs: 60_000,
    usesRoleImages: false,
    draw: async (request) => [
      await sharp({
        create: {
          width: request.prompt.includes('wide') ? 1100 : 80,
          height: 60,
          channels: 3,
          background: '#6a9fd4',
        },
      })
        .composite([{ input: Buffer.from('<svg width="30" height="30"><circle cx="15" cy="15" r="12" fill="#e33"/></svg>'), left: 20, top: 15 }])
        .png()
        .toBuffer(),
    ],
  };

  const post = (url: string, payload: unknown, token: string) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const goldOf = async (account: string) =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.account, account)))[0]!.gold;
  const detail = async (id: number, token: string) => json<DrawTask>(await get(`/api/aiDraw/detail?id=${id}`, token)).result;
  const drawn = async (prompt: string, token: string) => {
    const task = json<DrawTask>(await post('/api/aiDraw/imagine', { prompt, seed: 3 }, token)).result;
    await waitFor(async () => (await detail(task.id, token)).status === 'succeeded');
    return task.id;
  };
  const upscaled = async (id: number, token: string) => {
    let task!: DrawTask;
    await waitFor(async () => {
      task = await detail(id, token);
      return task.versions.every((v) => !['queued', 'running'].includes(v.status));
    }, 60_000);
    return task;
  };

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 20 });
    await app.ready();
    // The job handlers of a service on the small engine take over the app's (the last registered runs).
    service = createDrawingService(drawingDepsFrom(app.platform, { engine: smallEngine }));
    service.registerJobs(app.platform.jobs);
    app.platform.jobs.onEvent((event) => {
      if (event.type === drawUpscaleJobType) events.push(event);
    });
    demo = await tokenFor(app, 'demo');
    vip = await tokenFor(app, 'demovip');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('upscales ×2 as a job: gold held then charged, progress pushed, the doubled picture kept as a version', async () => {
    const id = await drawn('a red ball', demo);
    const options = json<{ goldPerUpscale: number; upscaleEngine: string }>(await get('/api/aiDraw/options', demo)).result;
    expect(options).toMatchObject({ goldPerUpscale: 10, upscaleEngine: 'esrgan-slim' });
    const before = await goldOf('demo');
    const res = await post('/api/aiDraw/upscale', { id, scale: 2 }, demo);
    expect(res.statusCode).toBe(200);
    const accepted = json<DrawTask>(res).result;
    expect(accepted.versions).toHaveLength(1);
    expect(accepted.versions[0]).toMatchObject({ scale: 2, imageIndex: 0, cost: 10, engine: 'esrgan-slim', offline: true, image: null });
    expect(await goldOf('demo')).toBe(before - 10);

    const task = await upscaled(id, demo);
    const version = task.versions[0]!;
    expect(version).toMatchObject({ status: 'succeeded', progress: 100, cost: 10 });
    expect(version.image).toMatchObject({ width: 160, height: 120 });
    // The original stays as it was; the version is a new picture.
    expect(task.images[0]).toMatchObject({ width: 80, height: 60 });
    const file = await app.inject({ method: 'GET', url: new URL(version.image!.url, 'http://x').pathname + new URL(version.image!.url, 'http://x').search });
    expect(file.statusCode).toBe(200);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 160, height: 120 });
    // Charged once: the hold was captured.
    expect(await goldOf('demo')).toBe(before - 10);
    const [hold] = await app.platform.db
      .select()
      .from(goldHolds)
      .where(and(eq(goldHolds.refType, 'ai_draw_upscale'), eq(goldHolds.refId, String(version.id))));
    expect(hold?.status).toBe('captured');
    // Progress reached the owner as the job went, tile by tile, to 100 (the job's last push follows the
    // version's commit).
    await waitFor(() => events.some((e) => e.jobId === version.jobId && e.state === 'succeeded'));
    const mine = events.filter((e) => e.jobId === version.jobId);
    expect(mine.some((e) => e.stage === 'upscaling')).toBe(true);
    expect(mine.at(-1)).toMatchObject({ state: 'succeeded', progress: 100 });
  });

  it('publishing takes the versions public; others see finished versions of a published work only', async () => {
    const id = await drawn('a red ball again', vip);
    await post('/api/aiDraw/upscale', { id, scale: 4 }, vip);
    await upscaled(id, vip);
    expect((await post('/api/aiDraw/publish', { id, title: '红球' }, vip)).statusCode).toBe(200);
    const seen = await detail(id, demo);
    expect(seen.mine).toBe(false);
    expect(seen.versions).toHaveLength(1);
    expect(seen.versions[0]!.image).toMatchObject({ width: 320, height: 240 });
    const url = new URL(seen.versions[0]!.image!.url, 'http://x');
    expect((await app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(200);
    // Not mine: not upscaled by me.
    const other = await post('/api/aiDraw/upscale', { id, scale: 2 }, demo);
    expect(other.statusCode).toBe(404);
  });

  it('refuses a result past the size cap before holding anything, in the caller’s language', async () => {
    const id = await drawn('wide banner', demo);
    const before = await goldOf('demo');
    const res = await app.inject({
      method: 'POST',
      url: '/api/aiDraw/upscale',
      headers: { ...bearer(demo), 'accept-language': 'en' },
      payload: { id, scale: 4 },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ extras: { error: 'draw_upscale_too_large' } });
    expect(json(res).message).toContain('4096');
    expect(await goldOf('demo')).toBe(before);
    // ×2 of the same picture fits; a second one while it runs is refused (one at a time).
    expect((await post('/api/aiDraw/upscale', { id, scale: 2 }, demo)).statusCode).toBe(200);
    const busy = await post('/api/aiDraw/upscale', { id, scale: 2 }, demo);
    expect(busy.statusCode).toBe(429);
    expect(json(busy)).toMatchObject({ extras: { error: 'draw_upscale_busy' } });
    await upscaled(id, demo);
  });

  it('upscales a picture I upload: kept as a private work that can be upscaled, not published or redrawn', async () => {
    const body = multipart([{ field: 'file', name: 'photo.png', type: 'image/png', data: await png(96, 54) }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/aiDraw/uploadImage',
      headers: { ...bearer(demo), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const work = json<DrawTask>(res).result;
    expect(work).toMatchObject({ engine: 'upload', status: 'succeeded', ratio: '16:9', cost: 0, published: false, mine: true });
    expect(work.images[0]).toMatchObject({ width: 96, height: 54 });
    // Only its owner sees it.
    expect((await get(`/api/aiDraw/detail?id=${work.id}`, vip)).statusCode).toBe(404);

    await post('/api/aiDraw/upscale', { id: work.id, scale: 2 }, demo);
    const done = await upscaled(work.id, demo);
    expect(done.versions[0]!.image).toMatchObject({ width: 192, height: 108 });
    for (const [url, payload] of [
      ['/api/aiDraw/publish', { id: work.id, title: '我的照片' }],
      ['/api/aiDraw/variation', { id: work.id, mode: 'reroll' }],
    ] as const) {
      const refused = await post(url, payload, demo);
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ extras: { error: 'draw_upload_only_upscale' } });
    }
  });

  /** A version accepted (row and hold written) by a process that died before enqueuing its job. */
  const orphanOf = async (account: 'demo' | 'demovip', id: number) => {
    const [owner] = await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, account));
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const [orphan] = await app.platform.db.transaction(async (tx) => {
      const rows = await tx
        .insert(drawVersions)
        .values({ tenantId: DEFAULT_TENANT_ID, userId: owner!.id, taskId: id, imageIndex: 0, scale: 2, engine: 'esrgan-slim', offline: true, cost: 10, createdAt: longAgo, updatedAt: longAgo })
        .returning();
      await createGoldHolds(systemClock).reserve(tx, {
        tenantId: DEFAULT_TENANT_ID,
        userId: owner!.id,
        amount: 10,
        reason: 'ai_draw',
        refType: 'ai_draw_upscale',
        refId: String(rows[0]!.id),
      });
      return rows;
    });
    return orphan!;
  };

  it('a version a dead process left without a job does not block the next upscale, and its gold goes back', async () => {
    const id = await drawn('left behind', vip);
    const before = await goldOf('demovip');
    const orphan = await orphanOf('demovip', id);
    expect(await goldOf('demovip')).toBe(before - 10);
    const res = await post('/api/aiDraw/upscale', { id, scale: 2 }, vip);
    expect(res.statusCode).toBe(200);
    const task = await upscaled(id, vip);
    expect(task.versions.find((v) => v.id === orphan.id)).toMatchObject({ status: 'failed', cost: 0 });
    // The orphan's 10 came back; the new upscale's 10 was charged.
    expect(await goldOf('demovip')).toBe(before - 10);
  });

  it('the recurring sweep fails a version left without a job, and gives its gold back, for a user who never comes back', async () => {
    const id = await drawn('swept', demo);
    const before = await goldOf('demo');
    const orphan = await orphanOf('demo', id);
    expect(await goldOf('demo')).toBe(before - 10);
    expect(await service.sweepUnqueued(new Date())).toBeGreaterThanOrEqual(1);
    expect((await detail(id, demo)).versions.find((v) => v.id === orphan.id)).toMatchObject({ status: 'failed', cost: 0 });
    expect(await goldOf('demo')).toBe(before);
  });
});
