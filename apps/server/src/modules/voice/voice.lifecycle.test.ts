import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID, type AsrTask, type TtsTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { waitFor } from '../../test/wait.js';
import { multipart } from '../../test/uploads.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { actorFor } from '../../platform/identity/actor.js';
import { users } from '../../platform/identity/identity.table.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { recurringJobs } from '../../platform/jobs/recurring.table.js';
import { UNQUEUED_GRACE_MS } from '../../platform/jobs/unqueued-tasks.js';
import { files } from '../../platform/storage/file.table.js';
import { goldHolds, ledger } from '../../platform/wallet/wallet.table.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { createVoiceEngines } from './engines.js';
import { createEspeakEngine } from './tts/espeak-engine.js';
import { synthesizeSpeech } from './tts/synthesize.js';
import { testVoice } from './test-audio.js';
import { voiceTasks } from './voice.table.js';
import { UNQUEUED_SWEEP_JOB } from './voice.jobs.js';
import { createVoiceRepositories } from './voice.repository.js';
import { createVoiceService } from './voice.service.js';

const SCRIPT = '春天来了，公园里的花都开了。小朋友们在草地上放风筝。';

/**
 * What happens around a voice task's job: a process that dies between accepting a dubbing (gold held) and
 * enqueuing its job, and the files a deleted task leaves behind.
 */
describe('voice tasks: crash between accept and enqueue, files of deleted tasks', () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let uid: number;
  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 20 });
    await app.ready();
    demo = bearer(await tokenFor(app, 'demo'));
    uid = (await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo')))[0]!
      .id;
  });
  afterAll(async () => {
    await app.close();
  });

  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.id, uid)))[0]!.gold;
  const latestTask = async () =>
    (
      await app.platform.db
        .select()
        .from(voiceTasks)
        .where(eq(voiceTasks.userId, uid))
        .orderBy(desc(voiceTasks.id))
        .limit(1)
    )[0];
  /** The voice service of a process that dies inside `enqueue`: before it (`false`) or right after it. */
  const serviceDyingAtEnqueue = (enqueuedFirst: boolean) => {
    const jobs: Pick<JobRunner, 'enqueue' | 'cancel'> = {
      async enqueue(type, payload, options) {
        if (enqueuedFirst) await app.platform.jobs.enqueue(type, payload, options);
        return new Promise<never>(() => undefined);
      },
      cancel: (id, options) => app.platform.jobs.cancel(id, options),
    };
    return createVoiceService({
      aigc: app.platform.aigc,
      store: createVoiceRepositories(app.platform.db),
      db: app.platform.db,
      clock: app.platform.clock,
      jobs,
      storage: app.platform.storage,
      censor: app.platform.censor,
      engines: createVoiceEngines(app.platform.config),
      holds: createGoldHolds(app.platform.clock),
    });
  };
  const acceptAndDie = async (enqueuedFirst: boolean) => {
    const service = serviceDyingAtEnqueue(enqueuedFirst);
    const before = await gold();
    const lastId = (await latestTask())?.id ?? 0;
    // The answer never comes: the process died after the accepting transaction committed.
    void service.addTts(actorFor(DEFAULT_TENANT_ID, uid, { vip: false, locale: 'zh-Hans' }), {
      text: '今天天气很好。',
      voice: 'espeak-cmn-f3',
      speed: 100,
    });
    await waitFor(async () => ((await latestTask())?.id ?? 0) > lastId && (await gold()) < before);
    return { service, task: (await latestTask())!, before };
  };

  it('runs the sweep on the recurring schedule', async () => {
    const names = (await app.platform.db.select({ name: recurringJobs.name }).from(recurringJobs)).map(
      (r) => r.name,
    );
    expect(names).toContain(UNQUEUED_SWEEP_JOB);
  });

  it('gives the gold back of a dubbing whose process died before its job was enqueued, once the grace is over', async () => {
    const { service, task, before } = await acceptAndDie(false);
    expect(task.cost).toBe(120);
    expect(await gold()).toBe(before - 120);

    // Within the grace period the task may still be on its way to the queue: left alone.
    expect(await service.sweepUnqueued()).toBe(0);
    expect(await gold()).toBe(before - 120);

    const later = new Date(Date.now() + UNQUEUED_GRACE_MS + 1000);
    expect(await service.sweepUnqueued(later)).toBe(1);
    expect(await gold()).toBe(before);
    const [hold] = await app.platform.db
      .select()
      .from(goldHolds)
      .where(eq(goldHolds.refId, String(task.id)));
    expect(hold).toMatchObject({ refType: 'tts', status: 'released' });
    const rows = await app.platform.db
      .select({ amount: ledger.amount, reason: ledger.reason })
      .from(ledger)
      .where(and(eq(ledger.refType, 'tts'), eq(ledger.refId, String(task.id))));
    expect(rows).toEqual([
      { amount: -120, reason: 'ai_dubbing' },
      { amount: 120, reason: 'ai_dubbing_released' },
    ]);
    // Dropped like a task whose enqueue failed: not listed, and a second sweep changes nothing.
    const listed = json<{ items: TtsTask[] }>(
      await app.inject({ method: 'POST', url: '/api/textToSpeech/page', headers: demo, payload: {} }),
    ).result.items;
    expect(listed.map((t) => t.id)).not.toContain(task.id);
    expect(await service.sweepUnqueued(later)).toBe(0);
    expect(await gold()).toBe(before);
  });

  it('links a dubbing whose process died right after enqueuing to its job: it finishes and is charged once', async () => {
    const { service, task, before } = await acceptAndDie(true);
    expect(task.jobId).toBeNull();
    expect(await service.sweepUnqueued(new Date(Date.now() + UNQUEUED_GRACE_MS + 1000))).toBe(0);
    const linked = (await service.repo.get(task.id))!;
    expect(linked.jobId).not.toBeNull();
    const detail = () => service.ttsDetail(actorFor(DEFAULT_TENANT_ID, uid, { locale: 'zh-Hans' }), task.id);
    await waitFor(async () => !['queued', 'running'].includes((await detail()).status), 20000);
    expect(await detail()).toMatchObject({ status: 'succeeded', cost: 120 });
    expect(await gold()).toBe(before - 120);
    const [hold] = await app.platform.db
      .select()
      .from(goldHolds)
      .where(eq(goldHolds.refId, String(task.id)));
    expect(hold).toMatchObject({ refType: 'tts', status: 'captured' });
  });

  const fileRow = async (key: string) =>
    (await app.platform.db.select().from(files).where(eq(files.storageKey, key)))[0];

  it('deleting a dubbing deletes its MP3 from storage', async () => {
    const added = json<TtsTask>(
      await app.inject({
        method: 'POST',
        url: '/api/textToSpeech/add',
        headers: demo,
        payload: { text: '你好。', voice: 'espeak-cmn-f3', speed: 100 },
      }),
    ).result;
    const row = async () =>
      (await app.platform.db.select().from(voiceTasks).where(eq(voiceTasks.id, added.id)))[0]!;
    await waitFor(async () => (await row()).outputKey !== null, 20000);
    const { outputKey } = await row();
    expect(await app.platform.storage.read(outputKey!, 'private')).not.toBeNull();
    expect(await fileRow(outputKey!)).toBeDefined();

    const res = await app.inject({
      method: 'POST',
      url: '/api/textToSpeech/delete',
      headers: demo,
      payload: { id: added.id },
    });
    expect(json(res).result).toBe(true);
    expect(await app.platform.storage.read(outputKey!, 'private')).toBeNull();
    expect(await fileRow(outputKey!)).toBeUndefined();
  });

  it('deleting a subtitle task deletes the audio sent with it, but keeps an earlier upload it only used', async () => {
    const spoken = await synthesizeSpeech(createEspeakEngine(), {
      text: SCRIPT,
      voice: testVoice(),
      speed: 100,
    });
    const mp3 = (name: string) => ({ field: 'file', name, type: 'audio/mpeg', data: spoken.audio });
    const body = multipart([mp3('v.mp3')], { text: SCRIPT });
    const sent = json<AsrTask>(
      await app.inject({
        method: 'POST',
        url: '/api/audioToSrt/add',
        headers: { ...demo, ...body.headers },
        payload: body.payload,
      }),
    ).result;
    const upload = multipart([mp3('a.mp3')]);
    const uploaded = json<{ files: { id: number }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysCommonInfo/UploadAttachments?category=media&visibility=private',
        headers: { ...demo, ...upload.headers },
        payload: upload.payload,
      }),
    ).result.files[0]!;
    const reused = json<AsrTask>(
      await app.inject({
        method: 'POST',
        url: '/api/audioToSrt/add',
        headers: demo,
        payload: { fileId: uploaded.id, text: SCRIPT },
      }),
    ).result;
    const inputOf = async (id: number) =>
      (await app.platform.db.select().from(voiceTasks).where(eq(voiceTasks.id, id)))[0]!.inputKey!;
    const [sentKey, reusedKey] = [await inputOf(sent.id), await inputOf(reused.id)];
    expect(sentKey).toMatch(/^asr\//);

    for (const id of [sent.id, reused.id]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/audioToSrt/delete',
        headers: demo,
        payload: { id },
      });
      expect(json(res).result).toBe(true);
    }
    expect(await app.platform.storage.read(sentKey, 'private')).toBeNull();
    expect(await fileRow(sentKey)).toBeUndefined();
    // The upload is the user's own file, maybe in use elsewhere: it stays.
    expect(await app.platform.storage.read(reusedKey, 'private')).not.toBeNull();
    expect(await fileRow(reusedKey)).toMatchObject({ id: uploaded.id });
  });
});
