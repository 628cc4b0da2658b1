import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID, videoAddBodySchema, type VideoShare, type VideoTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { actorFor } from '../../platform/identity/actor.js';
import { users } from '../../platform/identity/identity.table.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { recurringJobs } from '../../platform/jobs/recurring.table.js';
import { UNQUEUED_GRACE_MS } from '../../platform/jobs/unqueued-tasks.js';
import { goldHolds, ledger } from '../../platform/wallet/wallet.table.js';
import { createVoiceEngines } from '../voice/index.js';
import { UNQUEUED_SWEEP_JOB } from './video.jobs.js';
import { createVideoRepositories } from './video.repository.js';
import { createVideoService, VIDEO_HOLD_TYPE } from './video.service.js';
import { videoTasks } from './video.table.js';
import { createVideoSpeaker } from './video-speaker.js';

/** A video accepted (gold held) by a process that died before enqueuing its render. */
describe('a video whose process died between accepting it and enqueuing its render', () => {
  let app: TestApp;
  let uid: number;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    uid = (await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo')))[0]!
      .id;
  });
  afterAll(async () => {
    await app.close();
  });

  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.id, uid)))[0]!.gold;

  it('gets its gold back from the recurring sweep once the grace is over, and is dropped', async () => {
    const names = (await app.platform.db.select({ name: recurringJobs.name }).from(recurringJobs)).map(
      (r) => r.name,
    );
    expect(names).toContain(UNQUEUED_SWEEP_JOB);

    const jobs: Pick<JobRunner, 'enqueue' | 'cancel'> = {
      enqueue: () => new Promise<never>(() => undefined), // the process dies here
      cancel: (id, options) => app.platform.jobs.cancel(id, options),
    };
    const service = createVideoService({
      db: app.platform.db,
      store: createVideoRepositories(app.platform.db),
      clock: app.platform.clock,
      jobs,
      storage: app.platform.storage,
      censor: app.platform.censor,
      speaker: createVideoSpeaker({ db: app.platform.db, engines: createVoiceEngines(app.platform.config) }),
      cacheDir: path.join(os.tmpdir(), 'video-lifecycle-test'),
      scoreAudio: { fileFor: async () => null },
      drawAvailable: async () => true,
    });
    const before = await gold();
    void service.add(
      actorFor(DEFAULT_TENANT_ID, uid, { vip: false, locale: 'zh-Hans' }),
      videoAddBodySchema.parse({
        title: '春天',
        text: '春天来了，公园里的花都开了。',
        templateId: 'talk-vertical',
        voice: 'espeak-cmn-f3',
      }),
    );
    let task: typeof videoTasks.$inferSelect | undefined;
    for (let i = 0; i < 400 && !(task && (await gold()) < before); i++) {
      await new Promise((r) => setTimeout(r, 20));
      [task] = await app.platform.db
        .select()
        .from(videoTasks)
        .where(eq(videoTasks.userId, uid))
        .orderBy(desc(videoTasks.id))
        .limit(1);
    }
    expect(task).toMatchObject({ jobId: null, deletedAt: null });
    const cost = task!.cost;
    expect(cost).toBeGreaterThan(0);
    expect(await gold()).toBe(before - cost);

    expect(await service.sweepUnqueued()).toBe(0);
    expect(await service.sweepUnqueued(new Date(Date.now() + UNQUEUED_GRACE_MS + 1000))).toBe(1);
    expect(await gold()).toBe(before);
    const [hold] = await app.platform.db
      .select()
      .from(goldHolds)
      .where(eq(goldHolds.refId, String(task!.id)));
    expect(hold).toMatchObject({ refType: VIDEO_HOLD_TYPE, status: 'released' });
    const rows = await app.platform.db
      .select({ amount: ledger.amount })
      .from(ledger)
      .where(and(eq(ledger.refType, VIDEO_HOLD_TYPE), eq(ledger.refId, String(task!.id))));
    expect(rows.map((r) => r.amount)).toEqual([-cost, cost]);
    const { items } = await service.page(actorFor(DEFAULT_TENANT_ID, uid, { locale: 'zh-Hans' }), {
      page: 1,
      pageSize: 20,
    });
    expect(items.map((t) => t.id)).not.toContain(task!.id);
  });
});

/** A made video shared to the plaza, then deleted from the video list. */
describe('the files of a deleted video shared to the plaza', { timeout: 180_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 50 });
    demo = bearer(await tokenFor(app, 'demo'));
    await addDictItems(app, [smallVideoTemplate('test-tiny')]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: demo, payload });
  /** Whether the video and cover are stored, public copies and private files alike. */
  const stored = async (task: { videoKey: string | null; coverKey: string | null }) => [
    (await app.platform.storage.read(task.videoKey!, 'public')) !== null,
    (await app.platform.storage.read(task.coverKey!, 'public')) !== null,
    (await app.platform.storage.read(task.videoKey!, 'private')) !== null,
    (await app.platform.storage.read(task.coverKey!, 'private')) !== null,
  ];

  it('stay while a plaza work shows the video, and go once none does', async () => {
    const accepted = json<VideoTask>(
      await post('/api/articleToVideo/add', {
        title: '春天',
        text: '春天来了。',
        templateId: 'test-tiny',
        voice: 'espeak-cmn-f3',
        bgmId: null,
      }),
    ).result;
    let done: VideoTask | undefined;
    for (let i = 0; i < 1200; i++) {
      done = json<VideoTask>(
        await app.inject({
          method: 'GET',
          url: `/api/articleToVideo/detail?id=${accepted.id}`,
          headers: demo,
        }),
      ).result;
      if (!['queued', 'running'].includes(done.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toMatchObject({ status: 'succeeded' });
    // Shared as the web app does: public URLs from `share`, then the plaza work.
    const urls = json<VideoShare>(await post('/api/articleToVideo/share', { id: accepted.id })).result;
    const shared = json<{ id: number }>(
      await post('/api/sysArticle/add', {
        title: done!.title,
        content: done!.title,
        categoryId: 5,
        cover: urls.coverUrl,
        images: [urls.coverUrl],
        media: { type: 'video', url: urls.videoUrl, poster: urls.coverUrl, duration: done!.duration },
      }),
    ).result;
    const [task] = await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, accepted.id));
    expect(await stored(task!)).toEqual([true, true, true, true]);

    expect(json(await post('/api/articleToVideo/delete', { id: accepted.id })).result).toBe(true);
    const page = json<{ items: VideoTask[] }>(await post('/api/articleToVideo/page', {})).result;
    expect(page.items.map((t) => t.id)).not.toContain(accepted.id);
    // The plaza work still plays it.
    expect(await stored(task!)).toEqual([true, true, true, true]);
    const service = createVideoService({
      db: app.platform.db,
      store: createVideoRepositories(app.platform.db),
      clock: app.platform.clock,
      jobs: app.platform.jobs,
      storage: app.platform.storage,
      censor: app.platform.censor,
      speaker: createVideoSpeaker({ db: app.platform.db, engines: createVoiceEngines(app.platform.config) }),
      cacheDir: path.join(os.tmpdir(), 'video-lifecycle-test'),
      scoreAudio: { fileFor: async () => null },
      drawAvailable: async () => true,
    });
    await service.expireDue();
    expect(await stored(task!)).toEqual([true, true, true, true]);

    expect((await post('/api/sysArticle/delete', { id: shared.id })).statusCode).toBe(200);
    await service.expireDue();
    expect(await stored(task!)).toEqual([false, false, false, false]);
  });
});
