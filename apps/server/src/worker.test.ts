import type { TtsTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { bearer, tokenFor } from './test/tokens.js';
import { startWorker } from './worker.js';

/**
 * The worker (`npm run worker`: the platform and the modules' jobs, no HTTP) runs a job that an API process
 * enqueued and does not run itself (JOBS_IN_API off), through the PostgreSQL database they share. Needs a
 * PostgreSQL server (the embedded database belongs to one process): runs when the suite runs on PostgreSQL.
 */
describe.skipIf(!process.env.DATABASE_URL)('the worker process', { timeout: 60_000 }, () => {
  let api: TestApp;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  beforeAll(async () => {
    api = await createTestApp({ JOBS_IN_API: false });
    await api.ready();
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('runs a dubbing job enqueued through the API, whose own runner never starts', async () => {
    const demo = bearer(await tokenFor(api, 'demo'));
    const added = await api.inject({
      method: 'POST',
      url: '/api/textToSpeech/add',
      headers: demo,
      payload: { text: '你好，世界。', voice: 'espeak-cmn-f3', speed: 100 },
    });
    expect(added.statusCode).toBe(200);
    const task = json<TtsTask>(added).result;
    expect(task.status).toBe('queued');

    // The same configuration as the API (database, DATA_DIR, secrets): a second process of the same install.
    worker = await startWorker(api.platform.config);
    expect(worker.platform.jobs.kind).toBe(api.platform.jobs.kind);

    const detail = async () =>
      json<TtsTask>(
        await api.inject({ method: 'GET', url: `/api/textToSpeech/detail?id=${task.id}`, headers: demo }),
      ).result;
    let done = await detail();
    for (let tries = 0; tries < 400 && done.status !== 'succeeded' && done.status !== 'failed'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = await detail();
    }
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, engine: 'espeak-ng' });
    const audio = await api.inject({ method: 'GET', url: done.audioUrl! });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.length).toBeGreaterThan(1000);
  });
});
