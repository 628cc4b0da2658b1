import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_PRICES,
  type AsrTask,
  type TtsTask,
  type VideoOptions,
  type VoiceOptions,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { api } from '../../test/commerce.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { subtitlesApi } from '../../test/subtitles.js';
import { users } from '../../platform/identity/identity.table.js';
import { ledger as accountLedger } from '../../platform/wallet/wallet.table.js';
import { createEspeakEngine } from './tts/espeak-engine.js';
import { synthesizeSpeech } from './tts/synthesize.js';
import { testVoice } from './test-audio.js';

/** A price per capability: the operator prices dubbing, video and subtitles apart, and each charges its own. */
describe('prices per capability', () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let demoId: number;
  let spoken: Buffer;
  beforeAll(async () => {
    app = await createTestApp();
    demo = bearer(await tokenFor(app, 'demo'));
    const [row] = await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo'));
    demoId = row!.id;
    spoken = (
      await synthesizeSpeech(createEspeakEngine(), {
        text: '春天来了，花都开了。',
        voice: testVoice(),
        speed: 100,
      })
    ).audio;
    const admin = await tokenFor(app, 'admin');
    const set = await api(app, 'POST', '/api/console/app-config', admin, {
      values: { prices: { ...DEFAULT_PRICES, goldPerDubWord: 30, goldPerSubtitleMinute: 7 } },
    });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.id, demoId)))[0]!.gold;
  const get = async <T>(url: string) =>
    json<T>(await app.inject({ method: 'GET', url, headers: demo })).result;
  const addSubtitles = async () => {
    const res = await subtitlesApi(app, demo).upload(spoken, { text: '春天来了，花都开了。' });
    expect(res.statusCode).toBe(200);
    return json<AsrTask>(res).result;
  };

  it('shows each capability its own price: a dubbing price change leaves the video price alone', async () => {
    const voice = await get<VoiceOptions>('/api/textToSpeech/voices');
    expect(voice).toMatchObject({ goldPerWord: 30, goldPerSubtitleMinute: 7 });
    const video = await get<VideoOptions>('/api/articleToVideo/videoTemplate');
    expect(video.goldPerWord).toBe(DEFAULT_PRICES.goldPerVideoWord);
  });

  it('charges a dubbing at the dubbing price', async () => {
    const before = await gold();
    const res = await app.inject({
      method: 'POST',
      url: '/api/textToSpeech/add',
      headers: demo,
      payload: { text: '你好世界', voice: 'espeak-cmn-m3' },
    });
    const task = json<TtsTask>(res).result;
    expect(task.cost).toBe(4 * 30);
    expect(await gold()).toBe(before - 4 * 30);
  });

  it('holds the subtitles price per started minute, spends it when the subtitles are made', async () => {
    const before = await gold();
    const task = await addSubtitles();
    expect(task.cost).toBe(7);
    expect(await gold()).toBe(before - 7);
    const done = await subtitlesApi(app, demo).finished(task.id);
    expect(done).toMatchObject({ status: 'succeeded', cost: 7 });
    expect(await gold()).toBe(before - 7);
    const reasons = await app.platform.db
      .select({ reason: accountLedger.reason, amount: accountLedger.amount })
      .from(accountLedger)
      .where(and(eq(accountLedger.userId, demoId), eq(accountLedger.currency, 'gold')));
    expect(reasons.filter((r) => r.reason.startsWith('ai_subtitles'))).toEqual([
      { reason: 'ai_subtitles', amount: -7 },
      { reason: 'ai_subtitles_captured', amount: 0 },
    ]);
  });

  it('gives the subtitles gold back when the task is deleted before it ran', async () => {
    await app.platform.jobs.stop();
    try {
      const before = await gold();
      const task = await addSubtitles();
      expect(await gold()).toBe(before - 7);
      const res = await app.inject({
        method: 'POST',
        url: '/api/audioToSrt/delete',
        headers: demo,
        payload: { id: task.id },
      });
      expect(json(res).result).toBe(true);
      expect(await gold()).toBe(before);
    } finally {
      await app.platform.jobs.start();
    }
  });
});
