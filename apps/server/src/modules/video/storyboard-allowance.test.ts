import { and, eq } from 'drizzle-orm';
import { VIDEO_TEXT_MAX, videoJobTypes, type VideoStoryboard } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { users } from '../../platform/identity/identity.table.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { freshIp } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, createTestUser, tokenFor } from '../../test/tokens.js';
import { videoTasks } from './video.table.js';

const SMALL = 'storyboard-allowance-small';
/** One scene's line of 31 characters. */
const line = (i: number) => `第${String(i).padStart(2, '0')}镜：春天来了，公园里的花都开了，我们大家一起去郊外踏青吧。`;
/** The attack of issue 39: 1,400 characters that split into 44 scenes. */
const ATTACK = Array.from({ length: 44 }, (_, i) => line(i)).join('\n');

/**
 * Issue 39.2: a storyboard's scenes are voiced and pictured for free only for a user whose gold covers its
 * render (checked, not held), at most app_config `storyboardPreviewsPerDay` a day, and a storyboard never grows
 * past the one limit its render applies. No job runs here (JOBS_IN_API off): what is refused queues nothing.
 */
describe('what a storyboard costs before it is rendered', () => {
  // 23:40 in Asia/Shanghai: the previews' day ends 20 minutes in.
  const clock = fixedClock('2026-03-01T15:40:00Z');
  let app: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp({ JOBS_IN_API: false }, { clock });
    admin = bearer(await tokenFor(app, 'admin'));
    await addDictItems(app, [smallVideoTemplate(SMALL)]);
  });
  afterAll(() => app?.close());

  const post = (url: string, payload: object, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/articleToVideo/${url}`,
      headers: { ...headers, 'accept-language': 'zh-CN' },
      remoteAddress: freshIp(),
      payload,
    });
  const body = (text: string) => ({
    templateId: SMALL,
    voice: 'espeak-cmn-f3',
    text,
    bgmId: null,
    subtitleStyle: 'karaoke',
  });
  const userWithGold = async (gold: number) => {
    const user = await createTestUser(app);
    await app.platform.db.update(users).set({ gold }).where(eq(users.id, user.uid));
    return user;
  };
  const setGold = (uid: number, gold: number) =>
    app.platform.db.update(users).set({ gold }).where(eq(users.id, uid));
  const sceneJobsOf = async (uid: number) =>
    (
      await app.platform.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.userId, uid), eq(jobs.type, videoJobTypes.storyboardScene)))
    ).length;
  const setPreviewsPerDay = async (n: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/console/app-config',
      headers: admin,
      payload: { values: { storyboardPreviewsPerDay: n } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('the 0-gold attack: three storyboard/create calls of 1,400 characters make nothing and queue nothing', async () => {
    const { uid, auth } = await createTestUser(app);
    expect([...ATTACK].length).toBeGreaterThanOrEqual(1300);
    const estimate = json<{ gold: number }>(await post('estimate', body(ATTACK), auth)).result;
    expect(estimate.gold).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const res = await post('storyboard/create', body(ATTACK), auth);
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({
        extras: { error: 'video_storyboard_gold_short', need: estimate.gold, balance: 0, missing: estimate.gold },
        message: `生成分镜不扣金币，但账户金币须够合成整段视频：需要 ${estimate.gold} 金币，你还有 0 金币，还差 ${estimate.gold} 金币`,
      });
    }
    const tasks = await app.platform.db.select().from(videoTasks).where(eq(videoTasks.userId, uid));
    expect(tasks).toEqual([]);
    expect(await sceneJobsOf(uid)).toBe(0);
  });

  it('gold that covers the render: made, nothing taken; it must still cover it for every scene made later', async () => {
    const estimate = json<{ gold: number }>(await post('estimate', body(ATTACK), admin)).result;
    const { uid, auth } = await userWithGold(estimate.gold);
    const made = await post('storyboard/create', body(ATTACK), auth);
    expect(made.statusCode, made.body).toBe(200);
    const board = json<VideoStoryboard>(made).result;
    expect(board.scenes).toHaveLength(44);
    expect(await sceneJobsOf(uid)).toBe(44);
    const [me] = await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.id, uid));
    expect(me!.gold).toBe(estimate.gold); // checked, not held

    // One more scene makes the render dearer than the gold.
    const add = await post(
      'storyboard/addScene',
      { taskId: board.task.id, afterSceneId: board.scenes.at(-1)!.id, line: '再加一镜。' },
      auth,
    );
    expect(add.statusCode).toBe(409);
    expect(json(add).extras?.error).toBe('video_storyboard_gold_short');

    await setGold(uid, 0);
    const edit = await post(
      'storyboard/editLine',
      { taskId: board.task.id, sceneId: board.scenes[0]!.id, line: '换一句台词。', redraw: false },
      auth,
    );
    expect(edit.statusCode).toBe(409);
    expect(json(edit).extras?.error).toBe('video_storyboard_gold_short');
    expect(await sceneJobsOf(uid)).toBe(44);
  });

  it('one limit, one message: a storyboard cannot grow past the text its render accepts', async () => {
    const { auth } = await userWithGold(1_000_000);
    await setPreviewsPerDay(1000);
    const board = json<VideoStoryboard>(await post('storyboard/create', body(ATTACK), auth)).result;
    const long = `${'很长的一句台词，'.repeat(12)}。`;
    let refused: ReturnType<typeof json> | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await post(
        'storyboard/addScene',
        { taskId: board.task.id, afterSceneId: null, line: long },
        auth,
      );
      if (res.statusCode !== 200) refused = json(res);
    }
    // The refusal a render gives a text too long for one video (the same check, storyboardFits).
    expect(refused).toMatchObject({
      extras: { error: 'video_text_too_long', max: VIDEO_TEXT_MAX },
      message: `文章太长了，视频最多朗读 ${VIDEO_TEXT_MAX} 字`,
    });
  });

  it('free previews are bounded per user per day (app_config storyboardPreviewsPerDay), again the next day', async () => {
    await setPreviewsPerDay(50);
    const { uid, auth } = await userWithGold(1_000_000);
    expect((await post('storyboard/create', body(ATTACK), auth)).statusCode).toBe(200);
    const seven = Array.from({ length: 7 }, (_, i) => line(i)).join('\n');
    const refused = await post('storyboard/create', body(seven), auth);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({
      extras: { error: 'video_storyboard_previews_exhausted', max: 50 },
      message: '今天已生成 50 个分镜，明天再来，或直接合成视频',
    });
    expect(await sceneJobsOf(uid)).toBe(44);
    clock.advance(30 * 60 * 1000);
    const tomorrow = await post('storyboard/create', body(seven), auth);
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
    expect(await sceneJobsOf(uid)).toBe(51);
    await setPreviewsPerDay(150);
  });
});
