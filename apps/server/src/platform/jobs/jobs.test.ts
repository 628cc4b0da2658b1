import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type Clock } from '../clock.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { users } from '../identity/identity.table.js';
import { backends } from '../../test/job-backends.js';
import { sleep, waitFor } from '../../test/wait.js';
import { PermanentJobError, type JobEvent, type JobRunner, type JobView } from './job-runner.js';

const waitForState = async (runner: JobRunner, id: number, state: JobView['state'], timeoutMs?: number) => {
  let job: JobView | null = null;
  await waitFor(async () => {
    job = await runner.get(id);
    return job?.state === state;
  }, timeoutMs);
  return job as unknown as JobView;
};

for (const backend of backends) {
  describe(`job runner: ${backend.name}`, () => {
    let app: TestApp;
    let available = false;
    const runners: JobRunner[] = [];
    const prefix = `test${Math.random().toString(36).slice(2, 8)}:`;
    const make = (options: { clock?: Clock; leaseMs?: number } = {}) => {
      const runner = backend.make(app, { ...options, prefix });
      runners.push(runner);
      return runner;
    };

    beforeAll(async () => {
      available = await backend.available();
      // The app's own runner is off: each test makes the runners it needs.
      if (available) app = await createTestApp({ JOBS_IN_API: false, SEED_DEMO: false });
    });
    afterEach(async () => {
      for (const runner of runners.splice(0)) await runner.close();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('runs a job to success with progress events and pushes them to the owner', async (ctx) => {
      if (!available) ctx.skip();
      const [owner] = await app.platform.db
        .insert(users)
        .values({ tenantId: 1, nickName: 'owner' })
        .returning({ id: users.id });
      const pushed: unknown[] = [];
      const original = app.platform.hub.sendToUser.bind(app.platform.hub);
      app.platform.hub.sendToUser = async (uid, event, payload) => {
        if (uid === owner!.id) pushed.push({ event, payload });
        return original(uid, event, payload);
      };
      const runner = make();
      runner.register('draw', async (job, ctx) => {
        await ctx.progress(10, 'prompt');
        await ctx.progress(60, 'render');
        return { url: `/uploads/${(job.payload as { name: string }).name}.png` };
      });
      const events: JobEvent[] = [];
      runner.onEvent((e) => events.push(e));
      await runner.start();
      const queued = await runner.enqueue('draw', { name: 'cat' }, { userId: owner!.id });
      expect(queued).toMatchObject({ state: 'queued', progress: 0, attempts: 0, userId: owner!.id });
      const done = await waitForState(runner, queued.id, 'succeeded');
      expect(done).toMatchObject({
        progress: 100,
        attempts: 1,
        result: { url: '/uploads/cat.png' },
        error: null,
      });
      await waitFor(() => events.some((e) => e.state === 'succeeded'));
      expect(events.map((e) => [e.state, e.progress, e.stage])).toEqual([
        ['queued', 0, null],
        ['running', 0, null],
        ['running', 10, 'prompt'],
        ['running', 60, 'render'],
        ['succeeded', 100, 'render'],
      ]);
      await waitFor(() => pushed.length === 5);
      expect(pushed.at(-1)).toMatchObject({
        event: 'JobProgress',
        payload: { jobId: queued.id, state: 'succeeded', result: { url: '/uploads/cat.png' } },
      });
      app.platform.hub.sendToUser = original;
    });

    it('retries a failing job with exponential backoff, then fails for good', async (ctx) => {
      if (!available) ctx.skip();
      const runner = make();
      const startedAt: number[] = [];
      runner.register(
        'flaky',
        async () => {
          startedAt.push(Date.now());
          throw new Error(`provider_down_${startedAt.length}`);
        },
        { backoffMs: 150, maxAttempts: 3 },
      );
      await runner.start();
      const job = await runner.enqueue('flaky', {});
      const failed = await waitForState(runner, job.id, 'failed');
      expect(failed).toMatchObject({ attempts: 3, error: 'provider_down_3' });
      expect(startedAt).toHaveLength(3);
      // Waits of 150 ms then 300 ms (the second is longer: exponential).
      expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(140);
      expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(290);

      runner.register('bad_input', async () => {
        throw new PermanentJobError('invalid_prompt');
      });
      const permanent = await runner.enqueue('bad_input', {});
      expect(await waitForState(runner, permanent.id, 'failed')).toMatchObject({
        attempts: 1,
        error: 'invalid_prompt',
      });
    });

    it('succeeds on a retry after a failed attempt', async (ctx) => {
      if (!available) ctx.skip();
      const runner = make();
      runner.register(
        'once_flaky',
        async (_job, ctx) => {
          if (ctx.attempt === 1) throw new Error('temporary');
          return { ok: ctx.attempt };
        },
        { backoffMs: 50 },
      );
      await runner.start();
      const job = await runner.enqueue('once_flaky', {});
      expect(await waitForState(runner, job.id, 'succeeded')).toMatchObject({
        attempts: 2,
        result: { ok: 2 },
      });
    });

    it('runs due jobs of higher priority first, in order of arrival within a priority', async (ctx) => {
      if (!available) ctx.skip();
      const runner = make();
      const started: string[] = [];
      runner.register('ranked', async (job) => {
        started.push((job.payload as { name: string }).name);
        await sleep(30);
      });
      // Queued before any worker runs, so the order of claims is the runner's choice alone.
      const queued = [
        await runner.enqueue('ranked', { name: 'plain-1' }),
        await runner.enqueue('ranked', { name: 'plain-2' }),
        await runner.enqueue('ranked', { name: 'member-1' }, { priority: 10 }),
        await runner.enqueue('ranked', { name: 'plain-3' }),
        await runner.enqueue('ranked', { name: 'member-2' }, { priority: 10 }),
      ];
      expect(queued.map((j) => j.priority)).toEqual([0, 0, 10, 0, 10]);
      await runner.start();
      for (const job of queued) await waitForState(runner, job.id, 'succeeded');
      // Two run at once, so each pair of claims starts together and its handlers may begin in either
      // order: the members' pair starts before any plain job, the first two plain jobs to arrive come
      // next, and the last to arrive runs last.
      expect(started.slice(0, 2).sort()).toEqual(['member-1', 'member-2']);
      expect(started.slice(2, 4).sort()).toEqual(['plain-1', 'plain-2']);
      expect(started[4]).toBe('plain-3');
    });

    /** Two users of the test app, made once per backend. */
    const twoUsers = async () => {
      const rows = await app.platform.db
        .insert(users)
        .values([
          { tenantId: 1, nickName: 'busy' },
          { tenantId: 1, nickName: 'newcomer' },
        ])
        .returning({ id: users.id });
      return rows.map((r) => r.id) as [number, number];
    };

    it('serves users round robin: a newcomer waits behind at most one more job of a user with a backlog', async (ctx) => {
      if (!available) ctx.skip();
      const [busy, newcomer] = await twoUsers();
      const runner = make();
      const started: string[] = [];
      const finish = new Map<string, () => void>();
      let open = false;
      runner.register('fair', async (job) => {
        const name = (job.payload as { name: string }).name;
        started.push(name);
        if (!open) await new Promise<void>((resolve) => finish.set(name, resolve));
      });
      await runner.start();
      for (let i = 1; i <= 10; i++) await runner.enqueue('fair', { name: `a${i}` }, { userId: busy });
      await waitFor(() => started.length >= 1);
      await sleep(300); // let the runner settle on what runs and what comes next
      const running = started.length;
      await runner.enqueue('fair', { name: 'b1' }, { userId: newcomer });
      // Finish the running jobs one at a time, each time waiting for the next one to start.
      for (let done = 0; !started.includes('b1') && done < 10; done++) {
        const name = started[done]!;
        await waitFor(() => finish.has(name));
        finish.get(name)!();
        await waitFor(() => started.length >= Math.min(11, done + running + 1));
      }
      // Beyond those already running, at most one of the busy user's jobs started before the newcomer's.
      expect(started.indexOf('b1')).toBeLessThanOrEqual(running + 1);
      open = true;
      for (const release of finish.values()) release();
    });

    it('keeps a slot for other users: a lone user runs one fewer at a time, and a newcomer starts at once', async (ctx) => {
      // The database runner's rule (BullMQ's workers take whatever BullMQ hands them).
      if (!available || !backend.name.startsWith('database')) ctx.skip();
      const [busy, newcomer] = await twoUsers();
      const runner = make();
      const started: string[] = [];
      const finish: (() => void)[] = [];
      runner.register('share', async (job) => {
        started.push((job.payload as { name: string }).name);
        await new Promise<void>((resolve) => finish.push(resolve));
      });
      await runner.start();
      for (let i = 1; i <= 3; i++) await runner.enqueue('share', { name: `a${i}` }, { userId: busy });
      await waitFor(() => started.length >= 1);
      await sleep(300);
      expect(started).toEqual(['a1']); // two slots, one kept
      await runner.enqueue('share', { name: 'b1' }, { userId: newcomer });
      await waitFor(() => started.includes('b1'));
      expect(started).toEqual(['a1', 'b1']); // while a1 still runs
      for (let released = 0; released < 4; released++) {
        await waitFor(() => finish.length > released);
        finish[released]!();
      }
    });

    it("orders one user's jobs by priority, and lets a member go first among users at the same turn", async (ctx) => {
      if (!available) ctx.skip();
      const [member, plain] = await twoUsers();
      const runner = make();
      const started: string[] = [];
      runner.register('turns', async (job) => {
        started.push((job.payload as { name: string }).name);
        await sleep(30);
      });
      // Queued before any worker runs, so the order of claims is the runner's choice alone.
      const queued = [
        await runner.enqueue('turns', { name: 'member-plain' }, { userId: member }),
        await runner.enqueue('turns', { name: 'member-priority' }, { userId: member, priority: 10 }),
        await runner.enqueue('turns', { name: 'plain' }, { userId: plain }),
      ];
      await runner.start();
      for (const job of queued) await waitForState(runner, job.id, 'succeeded');
      // The member's priority job and the other user's job share the first turn (two run at once); the
      // member's second job waits for the next round, although it arrived before the other user's.
      expect(started.slice(0, 2).sort()).toEqual(['member-priority', 'plain']);
      expect(started[2]).toBe('member-plain');
    });

    it('cancels queued and running jobs; the running handler sees its signal abort', async (ctx) => {
      if (!available) ctx.skip();
      const runner = make();
      let sawAbort = false;
      runner.register('slow', async (_job, ctx) => {
        await ctx.progress(5, 'start');
        await new Promise<void>((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve();
          });
        });
        return 'should not be stored';
      });
      const later = await runner.enqueue('slow', {}, { delayMs: 60_000 });
      expect(await runner.cancel(later.id)).toMatchObject({ state: 'canceled' });
      await runner.start();
      const job = await runner.enqueue('slow', {});
      await waitFor(async () => (await runner.get(job.id))?.progress === 5);
      expect(await runner.cancel(job.id)).toMatchObject({ state: 'canceled' });
      await waitFor(() => sawAbort);
      await sleep(200);
      expect(await runner.get(job.id)).toMatchObject({ state: 'canceled', result: null });
      expect(await runner.get(later.id)).toMatchObject({ state: 'canceled', attempts: 0 });
      expect(await runner.cancel(job.id)).toBeNull();
    });

    it('fails a job that runs past its time limit and aborts its signal', async (ctx) => {
      if (!available) ctx.skip();
      const runner = make();
      let aborted = false;
      runner.register(
        'stuck',
        async (_job, ctx) =>
          new Promise((resolve) => {
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              resolve('late');
            });
          }),
        { timeoutMs: 200, maxAttempts: 3 },
      );
      await runner.start();
      const job = await runner.enqueue('stuck', {});
      expect(await waitForState(runner, job.id, 'failed')).toMatchObject({ error: 'timeout', attempts: 1 });
      expect(aborted).toBe(true);
    });

    it('picks up the job of a worker that died mid-job once its lease expires, and finishes it', async (ctx) => {
      if (!available) ctx.skip();
      const clock = fixedClock('2026-05-01T00:00:00.000Z');
      const moving: Clock = { now: () => clock.now() };
      const leaseMs = 1000;
      const first = make({ clock: moving, leaseMs });
      let firstRuns = 0;
      first.register('render', async (_job, ctx) => {
        firstRuns += 1;
        await ctx.progress(40, 'render');
        await new Promise(() => undefined); // the worker "dies" here
      });
      await first.start();
      const job = await first.enqueue('render', { id: 1 });
      await waitFor(async () => (await first.get(job.id))?.progress === 40);
      await first.stop({ abandon: true }); // no more heartbeats, no writes: like a killed process

      const second = make({ clock: moving, leaseMs });
      const runs: number[] = [];
      second.register('render', async (_job, ctx) => {
        runs.push(ctx.attempt);
        await ctx.progress(100, 'done');
        return { url: '/uploads/v.mp4' };
      });
      await second.start();
      // Still leased: nobody takes it over yet.
      await sleep(300);
      if (backend.name.startsWith('database')) expect(runs).toEqual([]);
      clock.advance(leaseMs + 1);
      const done = await waitForState(second, job.id, 'succeeded');
      expect(firstRuns).toBe(1);
      expect(runs).toEqual([2]);
      expect(done).toMatchObject({ attempts: 2, result: { url: '/uploads/v.mp4' } });
    });
  });
}
