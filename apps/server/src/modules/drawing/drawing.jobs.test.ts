import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID, drawImagineBodySchema, type DrawImagineBody } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { users } from '../../platform/identity/identity.table.js';
import { goldHolds, ledger } from '../../platform/wallet/wallet.table.js';
import { createDatabaseJobRunner, type JobRunner } from '../../platform/jobs/job-runner.js';
import { systemClock } from '../../platform/clock.js';
import { actorFor } from '../../platform/identity/actor.js';
import { UNQUEUED_GRACE_MS } from '../../platform/jobs/unqueued-tasks.js';
import { files } from '../../platform/storage/file.table.js';
import { drawingDepsFrom } from './drawing.module.js';
import { drawTasks } from './drawing.table.js';
import { createDrawingService, type DrawingService } from './drawing.service.js';
import { createMidjourneyEngine } from './engines/midjourney-proxy.js';
import { DrawEngineError, type ImageEngine } from './engines/image-engine.js';
import { png, sendJson, startPeer, type Peer } from './engines/protocol-peer.js';

/**
 * The task's life on the job runner with engines that succeed, fail, hang or die with their worker: gold is
 * reserved on accept, captured on success, released (a ledger row each) on failure, cancel and timeout; a
 * task never stays running past its limit; a worker that dies mid-task leaves it to another worker, which
 * fetches the provider's task instead of submitting again.
 */
describe('drawing tasks on the job runner', () => {
  let app: TestApp;
  let uid: number;
  const runners: JobRunner[] = [];
  const peers: Peer[] = [];

  const runner = (leaseMs = 5000) => {
    const made = createDatabaseJobRunner({
      db: app.platform.db,
      clock: systemClock,
      log: app.log,
      leaseMs,
      concurrency: 2,
      pollMs: 20,
    });
    runners.push(made);
    return made;
  };
  const serviceWith = (engine: ImageEngine, jobs: JobRunner): DrawingService => {
    const service = createDrawingService(drawingDepsFrom(app.platform, { engine, jobs }));
    service.registerJobs(jobs);
    return service;
  };
  const fakeEngine = (draw: ImageEngine['draw'], overrides: Partial<ImageEngine> = {}): ImageEngine => ({
    name: 'fake',
    offline: false,
    maxPromptChars: 50,
    timeoutMs: 3000,
    usesRoleImages: false,
    draw,
    ...overrides,
  });
  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.id, uid)))[0]!.gold;
  const imagine = (service: DrawingService, body: DrawImagineBody = { prompt: '夕阳下的城市' }) =>
    service.imagine(actorFor(DEFAULT_TENANT_ID, uid), drawImagineBodySchema.parse(body));
  const ended = async (service: DrawingService, id: number, timeoutMs = 10_000) => {
    const started = Date.now();
    for (;;) {
      const task = await service.detail(actorFor(DEFAULT_TENANT_ID, uid), id);
      if (!['queued', 'running'].includes(task.status)) return task;
      if (Date.now() - started > timeoutMs) throw new Error(`task still ${task.status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const holdOf = async (taskId: number) =>
    (
      await app.platform.db
        .select()
        .from(goldHolds)
        .where(eq(goldHolds.refId, String(taskId)))
    )[0];
  const ledgerOf = async (taskId: number) =>
    (
      await app.platform.db
        .select({ amount: ledger.amount, reason: ledger.reason })
        .from(ledger)
        .where(eq(ledger.refId, String(taskId)))
    ).filter((row) => row.reason.startsWith('ai_draw'));

  beforeAll(async () => {
    app = await createTestApp({ JOBS_IN_API: false });
    await app.ready();
    uid = (await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo')))[0]!
      .id;
  });
  afterEach(async () => {
    for (const made of runners.splice(0)) await made.close();
    for (const peer of peers.splice(0)) await peer.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a prompt longer than the engine takes before anything is reserved or submitted', async () => {
    let submitted = false;
    const service = serviceWith(
      fakeEngine(async () => ((submitted = true), [])),
      runner(),
    );
    const before = await gold();
    await expect(imagine(service, { prompt: '很长'.repeat(30) })).rejects.toMatchObject({
      id: 'draw_prompt_too_long',
      params: { max: 50 },
    });
    expect(submitted).toBe(false);
    expect(await gold()).toBe(before);
  });

  it('a provider failure gives the gold back and says nothing was charged', async () => {
    const jobs = runner();
    const service = serviceWith(
      fakeEngine(async () => {
        throw new DrawEngineError('draw_provider_refused', false, 'content policy');
      }),
      jobs,
    );
    await jobs.start();
    const before = await gold();
    const task = await imagine(service);
    expect(await gold()).toBe(before - 30);
    const done = await ended(service, task.id);
    expect(done).toMatchObject({ status: 'failed', error: 'draw_provider_refused', cost: 0 });
    expect(done.errorMessage).toContain('未扣金币');
    expect(await gold()).toBe(before);
    expect((await holdOf(task.id))?.status).toBe('released');
    expect(await ledgerOf(task.id)).toEqual([
      { amount: -30, reason: 'ai_draw' },
      { amount: 30, reason: 'ai_draw_released' },
    ]);
  });

  it('retries a failure before the provider produced anything, and succeeds', async () => {
    const jobs = runner();
    let calls = 0;
    const service = serviceWith(
      fakeEngine(async () => {
        calls += 1;
        if (calls === 1) throw new DrawEngineError('draw_network_error', true, 'ECONNRESET');
        return [await png(256, 256)];
      }),
      jobs,
    );
    jobs.register('ai_draw', (job, ctx) => service.runTask(job, ctx), { backoffMs: 20, timeoutMs: 3000 });
    await jobs.start();
    const done = await ended(service, (await imagine(service)).id);
    expect(done).toMatchObject({ status: 'succeeded', cost: 30 });
    expect(calls).toBe(2);
    expect((await holdOf(done.id))?.status).toBe('captured');
  });

  it('a hanging provider ends at the engine’s limit: failed with draw_timeout, gold back', async () => {
    const jobs = runner();
    let aborted = false;
    const service = serviceWith(
      fakeEngine(
        (_request, run) =>
          new Promise((_, reject) => {
            void run.progress(40, 'generating');
            run.signal.addEventListener('abort', () => {
              aborted = true;
              reject(run.signal.reason as Error);
            });
          }),
        { timeoutMs: 300 },
      ),
      jobs,
    );
    await jobs.start();
    const before = await gold();
    const task = await imagine(service);
    const started = Date.now();
    const done = await ended(service, task.id);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(done).toMatchObject({ status: 'failed', error: 'draw_timeout', cost: 0 });
    expect(aborted).toBe(true);
    expect(await gold()).toBe(before);
  });

  it('deleting a running task cancels it, aborts the engine and gives the gold back once', async () => {
    const jobs = runner();
    let aborted = false;
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const service = serviceWith(
      fakeEngine(
        (_request, run) =>
          new Promise((_, reject) => {
            running();
            run.signal.addEventListener('abort', () => {
              aborted = true;
              reject(run.signal.reason as Error);
            });
          }),
      ),
      jobs,
    );
    await jobs.start();
    const before = await gold();
    const task = await imagine(service);
    await started;
    expect(await service.remove(actorFor(DEFAULT_TENANT_ID, uid), task.id)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(aborted).toBe(true);
    expect(await gold()).toBe(before);
    expect((await holdOf(task.id))?.status).toBe('released');
    expect((await ledgerOf(task.id)).filter((r) => r.reason === 'ai_draw_released')).toHaveLength(1);
  });

  it('a process dying between accepting a task and enqueuing its job: the sweep gives the gold back; one dying after the enqueue gets its job linked', async () => {
    const jobs = runner();
    /** The same runner in a process that dies inside `enqueue`: before it (`false`) or right after it. */
    const dyingAtEnqueue = (enqueuedFirst: boolean): JobRunner => ({
      ...jobs,
      async enqueue(type, payload, options) {
        if (enqueuedFirst) await jobs.enqueue(type, payload, options);
        return new Promise<never>(() => undefined);
      },
    });
    const engine = fakeEngine(async () => [await png(64, 64)]);
    const latest = async () =>
      (
        await app.platform.db
          .select()
          .from(drawTasks)
          .where(eq(drawTasks.userId, uid))
          .orderBy(desc(drawTasks.id))
          .limit(1)
      )[0];
    const acceptAndDie = async (service: DrawingService) => {
      const lastId = (await latest())?.id ?? 0;
      const before = await gold();
      // The answer never comes: the process died after the accepting transaction committed.
      void imagine(service);
      const accepted = async () => ((await latest())?.id ?? 0) > lastId && (await gold()) < before;
      for (let i = 0; i < 400 && !(await accepted()); i++) await new Promise((r) => setTimeout(r, 20));
      return { task: (await latest())!, before };
    };
    const later = () => new Date(Date.now() + UNQUEUED_GRACE_MS + 1000);

    const lost = serviceWith(engine, dyingAtEnqueue(false));
    const { task, before } = await acceptAndDie(lost);
    expect(task).toMatchObject({ status: 'queued', jobId: null, cost: 30 });
    expect(await gold()).toBe(before - 30);
    expect(await lost.sweepUnqueued()).toBe(0);
    expect(await lost.sweepUnqueued(later())).toBe(1);
    expect(await gold()).toBe(before);
    const failed = await lost.detail(actorFor(DEFAULT_TENANT_ID, uid), task.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'draw_provider_error', cost: 0 });
    expect(failed.errorMessage).toContain('未扣金币');
    expect(await ledgerOf(task.id)).toEqual([
      { amount: -30, reason: 'ai_draw' },
      { amount: 30, reason: 'ai_draw_released' },
    ]);
    expect(await lost.sweepUnqueued(later())).toBe(0);

    const late = serviceWith(engine, dyingAtEnqueue(true));
    const second = await acceptAndDie(late);
    expect(second.task.jobId).toBeNull();
    expect(await late.sweepUnqueued(later())).toBe(0);
    expect((await late.repo.get(second.task.id))?.jobId).not.toBeNull();
    await jobs.start();
    expect(await ended(late, second.task.id)).toMatchObject({ status: 'succeeded', cost: 30 });
    expect(await gold()).toBe(second.before - 30);
    expect((await holdOf(second.task.id))?.status).toBe('captured');
  });

  it('deleting a drawing deletes its pictures: the private originals and the hall’s public copies', async () => {
    const jobs = runner();
    const service = serviceWith(
      fakeEngine(async () => [await png(64, 64)]),
      jobs,
    );
    await jobs.start();
    const done = await ended(service, (await imagine(service)).id);
    await service.publish(actorFor(DEFAULT_TENANT_ID, uid), done.id, '小画');
    const [image] = (await service.repo.get(done.id))!.images;
    const keys = [image!.key, image!.thumbKey];
    const { storage } = app.platform;
    for (const key of keys) {
      expect(await storage.read(key, 'private')).not.toBeNull();
      expect(await storage.read(key, 'public')).not.toBeNull();
    }
    expect(await service.remove(actorFor(DEFAULT_TENANT_ID, uid), done.id)).toBe(true);
    for (const key of keys) {
      expect(await storage.read(key, 'private')).toBeNull();
      expect(await storage.read(key, 'public')).toBeNull();
      expect(await app.platform.db.select().from(files).where(eq(files.storageKey, key))).toEqual([]);
    }
  });

  it('a worker dying mid-task leaves it to another, which fetches the provider’s task instead of submitting twice', async () => {
    let finished = false;
    const peer = await startPeer(async (req, res) => {
      if (req.url === '/mj/submit/imagine')
        return sendJson(res, 200, { code: 1, description: '提交成功', result: 'mj-42' });
      if (req.url === '/mj/task/mj-42/fetch')
        return sendJson(
          res,
          200,
          finished
            ? { id: 'mj-42', status: 'SUCCESS', progress: '100%', imageUrl: `${peer.base}/grid.png` }
            : { id: 'mj-42', status: 'IN_PROGRESS', progress: '40%' },
        );
      if (req.url === '/grid.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(await png(512, 512));
      }
      sendJson(res, 404, {});
    });
    peers.push(peer);
    const engine = createMidjourneyEngine({ baseUrl: peer.base, timeoutMs: 20_000, pollMs: 30 });
    const first = runner(400);
    const service = serviceWith(engine, first);
    await first.start();
    const before = await gold();
    const task = await imagine(service, { prompt: '夕阳下的城市', count: 2 });
    // The first worker submitted and stored the provider's id, then dies.
    for (let i = 0; i < 200 && !(await service.repo.get(task.id))?.providerTaskId; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await service.repo.get(task.id))?.providerTaskId).toBe('mj-42');
    await first.stop({ abandon: true });
    expect((await service.detail(actorFor(DEFAULT_TENANT_ID, uid), task.id)).status).toBe('running');

    const second = runner(400);
    serviceWith(engine, second);
    await second.start();
    finished = true;
    const done = await ended(service, task.id);
    expect(done).toMatchObject({ status: 'succeeded', cost: 60 });
    expect(done.images).toHaveLength(2);
    expect(peer.calls.filter((c) => c === 'POST /mj/submit/imagine')).toHaveLength(1);
    expect(await gold()).toBe(before - 60);
    expect((await holdOf(task.id))?.status).toBe('captured');
  });
});
