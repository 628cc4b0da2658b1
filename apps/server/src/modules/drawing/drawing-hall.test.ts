import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID, type DrawTask, type DrawWeeklyRanking, type KeysetPaged } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { createTestUser } from '../../test/tokens.js';
import { waitFor } from '../../test/wait.js';
import { users } from '../../platform/identity/identity.table.js';
import { drawingDepsFrom } from './drawing.module.js';
import { createDrawingService, type DrawingService } from './drawing.service.js';
import type { ImageEngine } from './engines/image-engine.js';

/** Point 3 and 5 of issue 29: variations and reroll, 一键同款 remixes from the hall, the style filter, weekly ranking. */
describe('drawing hall: remix, variations, style filter, weekly ranking', () => {
  let app: TestApp;
  let service: DrawingService;
  type User = Awaited<ReturnType<typeof createTestUser>>;
  let alice: User;
  let bob: User;

  const smallEngine: ImageEngine = {
    name: 'offline',
    offline: true,
    maxPromptChars: 1000,
    timeoutMs: 60_000,
    usesRoleImages: false,
    draw: async () => [await sharp({ create: { width: 32, height: 32, channels: 3, background: '#88aacc' } }).png().toBuffer()],
  };

  const call = async <T>(user: User, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: user.auth, payload });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const detail = async (user: User, id: number) => (await call<DrawTask>(user, 'GET', `/api/aiDraw/detail?id=${id}`)).body.result;
  const draw = async (user: User, body: object) => {
    const { status, body: answer } = await call<DrawTask>(user, 'POST', '/api/aiDraw/imagine', body);
    expect(status).toBe(200);
    await waitFor(async () => (await detail(user, answer.result.id)).status === 'succeeded');
    return answer.result;
  };
  const publish = (user: User, id: number, title: string) => call<DrawTask>(user, 'POST', '/api/aiDraw/publish', { id, title });
  const hall = async (body: object) =>
    (await call<KeysetPaged<DrawTask>>(alice, 'POST', '/api/aiDraw/page', { scope: 'hall', ...body })).body.result.items;

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 20 });
    await app.ready();
    service = createDrawingService(drawingDepsFrom(app.platform, { engine: smallEngine }));
    service.registerJobs(app.platform.jobs);
    alice = await createTestUser(app);
    bob = await createTestUser(app);
    // Enough gold for the drawings below.
    await app.platform.db.update(users).set({ gold: 10_000 }).where(inArray(users.id, [alice.uid, bob.uid]));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('一键同款: a remix keeps the link to its source, which counts and lists its published remixes', async () => {
    const source = await draw(alice, { prompt: '江南水乡的清晨', style: 'watercolor', ratio: '3:4', seed: 4242 });
    expect(source.seed).toBe(4242);
    // Only a work in the hall can be remixed.
    const early = await call<DrawTask>(bob, 'POST', '/api/aiDraw/imagine', { prompt: 'x', remixOf: source.id });
    expect(early.status).toBe(400);
    expect(early.body.extras).toMatchObject({ error: 'draw_remix_source_not_found' });
    await publish(alice, source.id, '水乡');

    const remix = await draw(bob, { prompt: '江南水乡的清晨', style: 'watercolor', ratio: '3:4', seed: 4242, remixOf: source.id });
    expect(remix).toMatchObject({ remixOf: source.id, seed: 4242, style: 'watercolor', ratio: '3:4' });
    expect((await detail(alice, source.id)).remixes).toBe(1);
    // Listed once published, newest first.
    expect(await hall({ remixOf: source.id })).toHaveLength(0);
    await publish(bob, remix.id, '同款水乡');
    expect((await hall({ remixOf: source.id })).map((t) => t.id)).toEqual([remix.id]);
  });

  it('variation draws again with a nearby seed, reroll with a new one; only on my own works', async () => {
    const source = await draw(alice, { prompt: '雪山和湖泊', style: 'oil', ratio: '16:9', count: 2, seed: 1000 });
    const variation = await call<DrawTask>(alice, 'POST', '/api/aiDraw/variation', { id: source.id, mode: 'variation' });
    expect(variation.status).toBe(200);
    expect(variation.body.result).toMatchObject({ prompt: '雪山和湖泊', style: 'oil', ratio: '16:9', count: 2, mine: true });
    expect(variation.body.result.id).not.toBe(source.id);
    const distance = variation.body.result.seed - 1000;
    expect(distance).toBeGreaterThanOrEqual(1);
    expect(distance).toBeLessThanOrEqual(1000);
    const reroll = await call<DrawTask>(alice, 'POST', '/api/aiDraw/variation', { id: source.id, mode: 'reroll' });
    expect(reroll.body.result).toMatchObject({ prompt: '雪山和湖泊', style: 'oil' });
    const notMine = await call<DrawTask>(bob, 'POST', '/api/aiDraw/variation', { id: source.id, mode: 'reroll' });
    expect(notMine.status).toBe(404);
  });

  it('filters the hall by style, newest and hottest', async () => {
    const ink = await draw(bob, { prompt: '竹林', style: 'ink' });
    await publish(bob, ink.id, '竹');
    const pixel = await draw(bob, { prompt: '城堡', style: 'pixel' });
    await publish(bob, pixel.id, '堡');
    for (const sort of ['newest', 'hottest'])
      expect((await hall({ style: 'ink', sort })).map((t) => t.id)).toEqual([ink.id]);
    expect((await hall({})).map((t) => t.id)).toEqual(expect.arrayContaining([ink.id, pixel.id]));
  });

  it('ranks this week’s most liked works, and an unlike takes its like back', async () => {
    const a = await draw(alice, { prompt: '橘猫', style: 'anime' });
    await publish(alice, a.id, '猫');
    const b = await draw(alice, { prompt: '熊猫', style: 'anime' });
    await publish(alice, b.id, '熊猫');
    const like = (user: User, id: number) => call<DrawTask>(user, 'POST', '/api/aiDraw/like', { id });
    await like(bob, a.id);
    await like(alice, a.id);
    await like(bob, b.id);
    const ranking = async () => (await call<DrawWeeklyRanking>(bob, 'GET', '/api/aiDraw/weeklyRanking')).body.result;
    const first = await ranking();
    expect(first.week).toMatch(/^\d{4}-W\d{2}$/);
    expect(first.items.slice(0, 2).map((t) => [t.id, t.weekLikes])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    await like(bob, a.id); // unlike
    await like(alice, a.id); // unlike
    const second = await ranking();
    expect(second.items.map((t) => t.id)).not.toContain(a.id);
    expect(second.items[0]).toMatchObject({ id: b.id, weekLikes: 1, liked: true });
  });

  it('counts a like in the week it was given, and takes an unlike back from that week', async () => {
    const task = await draw(alice, { prompt: '灯笼' });
    await publish(alice, task.id, '灯笼');
    const monday = new Date('2030-01-07T02:00:00Z'); // 2030-W02 in Shanghai
    const nextWeek = new Date('2030-01-14T02:00:00Z');
    await service.repo.toggleLike(DEFAULT_TENANT_ID, task.id, bob.uid, monday);
    const ids = async (week: string) =>
      (await service.repo.weeklyRanking(DEFAULT_TENANT_ID, week, null, 20)).map((r) => [r.id, r.weekLikes]);
    expect(await ids('2030-W02')).toEqual([[task.id, 1]]);
    await service.repo.toggleLike(DEFAULT_TENANT_ID, task.id, bob.uid, nextWeek); // unlike, a week later
    expect(await ids('2030-W02')).toEqual([]);
    expect(await ids('2030-W03')).toEqual([]);
  });
});
