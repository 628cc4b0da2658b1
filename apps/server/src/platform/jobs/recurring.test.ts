import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { backends } from '../../test/job-backends.js';
import { waitFor } from '../../test/wait.js';
import { jobs } from './job.table.js';
import { withRecurringJobs, type PlatformJobs } from './recurring.js';

const MINUTE = 60_000;

for (const backend of backends) {
  describe(`recurring jobs: ${backend.name}`, () => {
    let app: TestApp;
    let available = false;
    const started: PlatformJobs[] = [];
    const prefix = `rec${Math.random().toString(36).slice(2, 8)}:`;

    beforeAll(async () => {
      available = await backend.available();
      if (available) app = await createTestApp({ JOBS_IN_API: false, SEED_DEMO: false });
    });
    afterEach(async () => {
      for (const runner of started.splice(0)) await runner.close();
    });
    afterAll(async () => {
      await app?.close();
    });

    /** Two processes sharing the database (and Redis), each with its runner and the same recurring job. */
    const twoProcesses = async (name: string, handler: () => Promise<unknown>) => {
      const clock = fixedClock('2026-05-01T00:00:00.000Z');
      // The test moves the clock a minute at a time: a job's lease must outlast such a jump, or the other
      // process would see a running job's lease expired (as if its worker had died) and take it over.
      const processes = [0, 1].map(() => {
        const runner = withRecurringJobs(backend.make(app, { clock, prefix, leaseMs: 10 * MINUTE }), {
          db: app.platform.db,
          clock,
          log: app.log,
        });
        runner.every(name, MINUTE, handler);
        started.push(runner);
        return runner;
      });
      for (const runner of processes) await runner.start();
      const runDue = () => Promise.all(processes.map((runner) => runner.runDue()));
      const jobsOf = () => app.platform.db.select().from(jobs).where(eq(jobs.type, name));
      return { clock, runDue, jobsOf };
    };

    it('runs once per interval across the cluster, not once per process', async (ctx) => {
      if (!available) return ctx.skip();
      let runs = 0;
      const { clock, runDue, jobsOf } = await twoProcesses('sweep_once', async () => {
        runs += 1;
        return { runs };
      });

      await runDue();
      expect(await jobsOf()).toHaveLength(0);

      clock.advance(MINUTE);
      await runDue();
      await runDue();
      await waitFor(() => runs === 1);
      clock.advance(MINUTE / 2);
      await runDue();

      clock.advance(MINUTE / 2);
      await runDue();
      await waitFor(() => runs === 2);
      const rows = await jobsOf();
      expect(rows).toHaveLength(2);
      await waitFor(async () => (await jobsOf()).every((job) => job.state === 'succeeded'));
      expect(runs).toBe(2);
    });

    it('skips a slot while the last run is still going', async (ctx) => {
      if (!available) return ctx.skip();
      let release!: () => void;
      const blocked = new Promise<void>((resolve) => (release = resolve));
      let runs = 0;
      const { clock, runDue, jobsOf } = await twoProcesses('sweep_slow', async () => {
        runs += 1;
        await blocked;
      });
      clock.advance(MINUTE);
      await runDue();
      await waitFor(() => runs === 1);

      clock.advance(MINUTE);
      await runDue();
      expect(await jobsOf()).toHaveLength(1);

      release();
      await waitFor(async () => {
        const [job] = await jobsOf();
        return job?.state === 'succeeded';
      });
      clock.advance(MINUTE);
      await runDue();
      await waitFor(() => runs === 2);
      const states = (await jobsOf()).map((job) => job.state);
      expect(states).toHaveLength(2);
    });
  });
}
