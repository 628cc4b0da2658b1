import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_TENANT_ID,
  videoBatchBodySchema,
  type VideoBatchEstimate,
  type VideoTask,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { actorFor } from '../../platform/identity/actor.js';
import { users } from '../../platform/identity/identity.table.js';
import { jobs } from '../../platform/jobs/job.table.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { recurringJobs } from '../../platform/jobs/recurring.table.js';
import { UNQUEUED_GRACE_MS } from '../../platform/jobs/unqueued-tasks.js';
import { goldHolds } from '../../platform/wallet/wallet.table.js';
import { getAppConfig } from '../dictionary/index.js';
import { createVoiceEngines } from '../voice/index.js';
import { BATCH_SWEEP_JOB } from './video.jobs.js';
import { createVideoRepositories } from './video.repository.js';
import { createVideoService, VIDEO_HOLD_TYPE } from './video.service.js';
import { videoTasks } from './video.table.js';
import { createVideoSpeaker } from './video-speaker.js';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 150_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const SMALL = ['batch-a', 'batch-b', 'batch-c', 'batch-d'];

/**
 * 批量生成 (issue 28 point 5): up to 5 videos in one go, each its own task, all the gold held in one transaction,
 * the videos past the user's free render places (taskLimits.video, 2 by default) waiting until earlier renders end.
 * The renders run for real (short texts, a small template).
 */
describe('a batch of videos', { timeout: 300_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let uid: number;
  const articles: number[] = [];
  let othersArticle: number;

  const post = (url: string, payload: object, headers = demo) =>
    app.inject({ method: 'POST', url, headers, payload, remoteAddress: freshIp() });
  const batch = (body: object, headers = demo) => post('/api/articleToVideo/batch', body, headers);
  const detail = async (id: number) =>
    json<VideoTask>(
      await app.inject({ method: 'GET', url: `/api/articleToVideo/detail?id=${id}`, headers: demo }),
    ).result;
  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.id, uid)))[0]!.gold;
  const setGold = (gold: number) => app.platform.db.update(users).set({ gold }).where(eq(users.id, uid));
  const taskCount = async () =>
    (
      await app.platform.db
        .select({ n: sql<number>`count(*)::int` })
        .from(videoTasks)
        .where(eq(videoTasks.userId, uid))
    )[0]!.n;
  const holdsOf = (ids: number[]) =>
    app.platform.db
      .select({ refId: goldHolds.refId, status: goldHolds.status, amount: goldHolds.amount })
      .from(goldHolds)
      .where(and(eq(goldHolds.refType, VIDEO_HOLD_TYPE), inArray(goldHolds.refId, ids.map(String))));
  const activeRenders = async () =>
    (
      await app.platform.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          and(
            eq(jobs.userId, uid),
            eq(jobs.type, 'article_to_video'),
            sql`${jobs.state} IN ('queued', 'running')`,
          ),
        )
    )[0]!.n;
  const over = (t: VideoTask) => ['succeeded', 'failed', 'canceled'].includes(t.status);
  const shared = { voice: 'espeak-cmn-f3', speed: 100, bgmId: null };

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 100 });
    await app.ready();
    demo = bearer(await tokenFor(app, 'demo'));
    uid = (await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo')))[0]!
      .id;
    await addDictItems(
      app,
      SMALL.map((value) => smallVideoTemplate(value)),
    );
    const lines = ['春天来了。', '花都开了。', '风筝飞了。', '小鸟叫了。', '太阳出来了。', '下雨了。'];
    for (const [i, content] of lines.entries()) {
      const res = await post('/api/sysArticle/add', { title: `作品${i + 1}`, content, isDraft: true });
      expect(res.statusCode, res.body).toBe(200);
      articles.push(json<{ id: number }>(res).result.id);
    }
    const vip = bearer(await tokenFor(app, 'demovip'));
    const res = await post('/api/sysArticle/add', { title: '别人的', content: '别人的作品。' }, vip);
    othersArticle = json<{ id: number }>(res).result.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a bad batch and makes nothing: 6 articles, 4 templates, twice the same, someone else’s article, too little gold', async () => {
    const before = await gold();
    const cases: [object, number, string][] = [
      [{ ...shared, articleIds: articles.slice(0, 6), templateId: SMALL[0] }, 400, '一次最多生成 5 个视频'],
      [{ ...shared, articleId: articles[0], templateIds: SMALL }, 400, '一篇作品最多选 3 个模板'],
      [{ ...shared, articleIds: [articles[0], articles[0]], templateId: SMALL[0] }, 400, '同一项不能选两次'],
      [{ ...shared, articleIds: articles.slice(0, 2) }, 400, '或者一篇作品和几个模板'],
      [{ ...shared, templateIds: SMALL.slice(0, 2) }, 400, ''],
      [
        { ...shared, articleIds: [articles[0], othersArticle], templateId: SMALL[0] },
        404,
        '文章不存在或已删除',
      ],
      [{ ...shared, articleIds: [articles[0]], templateId: 'nope' }, 400, '没有这个视频模板'],
    ];
    for (const [body, status, message] of cases) {
      const res = await batch(body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(JSON.stringify(json(res).message)).toContain(message);
    }
    // The same article of someone else's is fine for a single video (it is published), not for a batch.
    const single = await post('/api/articleToVideo/estimate', { articleId: othersArticle });
    expect(single.statusCode, single.body).toBe(200);

    // Not enough gold for the whole batch: nothing is made, and the message says what the batch needs.
    const estimate = json<VideoBatchEstimate>(
      await post('/api/articleToVideo/batchEstimate', {
        articleIds: articles.slice(0, 5),
        templateId: SMALL[0],
      }),
    ).result;
    expect(estimate.items).toHaveLength(5);
    expect(estimate.total.gold).toBe(estimate.items.reduce((s, i) => s + i.gold, 0));
    expect(estimate.total.gold).toBeGreaterThan(0);
    await setGold(estimate.total.gold - 1);
    const short = await batch({ ...shared, articleIds: articles.slice(0, 5), templateId: SMALL[0] });
    expect(short.statusCode, short.body).toBe(409);
    expect(json(short)).toMatchObject({ extras: { error: 'video_batch_gold_short' } });
    expect(json(short).message).toBe(
      `生成这 5 个视频共需 ${estimate.total.gold} 金币，你还有 ${estimate.total.gold - 1} 金币，还差 1 金币`,
    );
    const english = await batch(
      { ...shared, articleIds: articles.slice(0, 5), templateId: SMALL[0] },
      { ...demo, 'accept-language': 'en' },
    );
    expect(json(english).message).toBe(
      `These 5 videos need ${estimate.total.gold} gold in all; you have ${estimate.total.gold - 1}, 1 short.`,
    );
    expect(await gold()).toBe(estimate.total.gold - 1);
    expect(await taskCount()).toBe(0);
    await setGold(before);
  });

  it('makes 5 videos of 5 articles, holds all their gold at once; past the 2 free places they wait, start as earlier ones end, and a deleted waiting one gives its gold back', async () => {
    const { taskLimits } = await getAppConfig(app.platform.db, DEFAULT_TENANT_ID);
    expect(taskLimits.video).toBe(2);
    // The recurring sweep is put off for a day: here waiting videos start only because earlier renders end.
    await app.platform.db
      .update(recurringJobs)
      .set({ nextRunAt: new Date(Date.now() + 86_400_000) })
      .where(eq(recurringJobs.name, BATCH_SWEEP_JOB));
    const before = await gold();
    const res = await batch({ ...shared, articleIds: articles.slice(0, 5), templateId: SMALL[0] });
    expect(res.statusCode, res.body).toBe(200);
    const tasks = json<VideoTask[]>(res).result;
    expect(tasks).toHaveLength(5);
    expect(tasks.map((t) => t.title)).toEqual(['作品1', '作品2', '作品3', '作品4', '作品5']);
    expect(new Set(tasks.map((t) => t.batchId)).size).toBe(1);
    expect(tasks[0]!.batchId).toBe(tasks[0]!.id);
    const total = tasks.reduce((sum, t) => sum + t.cost, 0);
    expect(tasks.every((t) => t.cost > 0)).toBe(true);
    expect(await gold()).toBe(before - total);
    const holds = await holdsOf(tasks.map((t) => t.id));
    expect(holds).toHaveLength(5);
    expect(holds.every((h) => h.status === 'held')).toBe(true);
    // Two start (the user's free places), three wait: gold held, no job yet.
    expect(tasks.map((t) => t.waiting)).toEqual([false, false, true, true, true]);
    expect(tasks.every((t) => t.status === 'queued' || t.status === 'running')).toBe(true);
    expect(await activeRenders()).toBe(2);

    // The queue is bounded: three more would make six waiting (at most five); nothing is made.
    const goldNow = await gold();
    const tasksNow = await taskCount();
    const full = await batch({ ...shared, articleId: articles[5], templateIds: SMALL.slice(0, 3) });
    expect(full.statusCode, full.body).toBe(429);
    expect(json(full)).toMatchObject({ extras: { error: 'video_batch_queue_full' } });
    expect(json(full).message).toBe(
      '排队等待的视频最多 5 个，这次提交后会有 6 个，请等前面的视频开始生成后再提交',
    );
    expect({ gold: await gold(), tasks: await taskCount() }).toEqual({ gold: goldNow, tasks: tasksNow });

    // A single video does not go before the batch's waiting ones.
    const single = await post('/api/articleToVideo/add', {
      ...shared,
      templateId: SMALL[0],
      title: '插队',
      text: '我想插队。',
    });
    expect(single.statusCode).toBe(429);

    // Deleting a waiting video gives its gold back at once.
    const dropped = tasks[4]!;
    expect((await post('/api/articleToVideo/delete', { id: dropped.id })).statusCode).toBe(200);
    expect(await gold()).toBe(before - total + dropped.cost);
    expect((await holdsOf([dropped.id]))[0]!.status).toBe('released');

    // The others all render, never more than two at a time; the waiting ones start as earlier ones end.
    let most = 0;
    const started: number[] = [];
    const done = await waitFor(
      async () => {
        most = Math.max(most, await activeRenders());
        const now = await Promise.all(tasks.slice(0, 4).map((t) => detail(t.id)));
        for (const t of now) if (!t.waiting && !started.includes(t.id)) started.push(t.id);
        return now;
      },
      (now) => now.every(over),
    );
    expect(done.map((t) => [t.status, t.error])).toEqual(done.map(() => ['succeeded', null]));
    expect(most).toBeLessThanOrEqual(2);
    expect(started).toEqual(tasks.slice(0, 4).map((t) => t.id));
    expect(done.every((t) => t.videoUrl && !t.waiting)).toBe(true);
    expect((await holdsOf(done.map((t) => t.id))).every((h) => h.status === 'captured')).toBe(true);
    expect(await gold()).toBe(before - total + dropped.cost);
  });

  it('makes one article with 3 templates: three tasks, one per template', async () => {
    const before = await gold();
    const res = await batch({ ...shared, articleId: articles[5], templateIds: SMALL.slice(0, 3) });
    expect(res.statusCode, res.body).toBe(200);
    const tasks = json<VideoTask[]>(res).result;
    expect(tasks.map((t) => t.templateId)).toEqual(SMALL.slice(0, 3));
    expect(tasks.every((t) => t.title === '作品6')).toBe(true);
    expect(tasks.map((t) => t.waiting)).toEqual([false, false, true]);
    expect(await gold()).toBe(before - tasks.reduce((sum, t) => sum + t.cost, 0));
    const done = await waitFor(
      () => Promise.all(tasks.map((t) => detail(t.id))),
      (now) => now.every(over),
    );
    expect(done.map((t) => t.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('starts a waiting video again after a process died between taking it from the queue and enqueuing it', async () => {
    const names = (await app.platform.db.select({ name: recurringJobs.name }).from(recurringJobs)).map(
      (r) => r.name,
    );
    expect(names).toContain(BATCH_SWEEP_JOB);
    const serviceWith = (jobRunner: Pick<JobRunner, 'enqueue' | 'cancel'>) =>
      createVideoService({
        db: app.platform.db,
        store: createVideoRepositories(app.platform.db),
        clock: app.platform.clock,
        jobs: jobRunner,
        storage: app.platform.storage,
        censor: app.platform.censor,
        speaker: createVideoSpeaker({
          db: app.platform.db,
          engines: createVoiceEngines(app.platform.config),
        }),
        cacheDir: path.join(os.tmpdir(), 'video-batch-test'),
        scoreAudio: { fileFor: async () => null },
        drawAvailable: async () => true,
      });
    const dying = serviceWith({
      enqueue: () => new Promise<never>(() => undefined), // the process dies here
      cancel: (id, options) => app.platform.jobs.cancel(id, options),
    });
    void dying.addBatch(
      actorFor(DEFAULT_TENANT_ID, uid, { vip: false, locale: 'zh-Hans' }),
      videoBatchBodySchema.parse({ ...shared, articleIds: [articles[0]], templateId: SMALL[3] }),
    );
    const [task] = await waitFor(
      () =>
        app.platform.db
          .select()
          .from(videoTasks)
          .where(and(eq(videoTasks.userId, uid), eq(videoTasks.templateId, SMALL[3]!))),
      (rows) => rows.length === 1 && rows[0]!.queuedAt !== null,
      10_000,
    );
    expect(task).toMatchObject({ phase: 'render', jobId: null, deletedAt: null });
    // Not the unqueued sweep's to drop: once the grace is over it goes back to waiting, gold still held.
    expect(await dying.sweepUnqueued()).toBe(0);
    expect(await dying.sweepUnqueued(new Date(Date.now() + UNQUEUED_GRACE_MS + 1000))).toBe(0);
    const [back] = await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, task!.id));
    expect(back).toMatchObject({ phase: 'waiting', jobId: null, deletedAt: null, queuedAt: null });
    expect((await holdsOf([task!.id]))[0]!.status).toBe('held');
    expect((await detail(task!.id)).waiting).toBe(true);

    // The recurring sweep (here a live process's service) starts it.
    expect(await serviceWith(app.platform.jobs).startAllWaiting()).toBe(1);
    const done = await waitFor(() => detail(task!.id), over);
    expect(done.status).toBe('succeeded');
    expect((await holdsOf([task!.id]))[0]!.status).toBe('captured');
  });
});
