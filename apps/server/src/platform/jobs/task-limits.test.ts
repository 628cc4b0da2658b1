import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { multipart } from '../../test/uploads.js';
import { drawTasks, jobs, users, videoTasks, voiceTasks } from '../../schema.js';

/**
 * Per-user limits of active AI tasks (app_config taskLimits: drawing 4, dubbing 4, subtitles 4, video 2,
 * VIP ×2). No job runs here (JOBS_IN_API off), so every accepted task stays queued and counts.
 */
describe('per-user AI task limits', () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let vip: Record<string, string>;

  const post = (url: string, payload: object, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url, headers, payload, remoteAddress: freshIp() });
  const draw = (headers: Record<string, string>) =>
    post('/api/aiDraw/imagine', { prompt: '山间小屋', style: 'watercolor', ratio: '1:1', count: 1 }, headers);
  const userOf = async (account: string) =>
    (await app.platform.db.select().from(users).where(eq(users.account, account)))[0]!;
  const rows = async (table: typeof drawTasks | typeof voiceTasks | typeof videoTasks, userId: number) =>
    (await app.platform.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  const activeJobs = async (userId: number, type: string) =>
    (
      await app.platform.db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), eq(jobs.type, type)))
    )[0]!.n;

  beforeAll(async () => {
    app = await createTestApp({ JOBS_IN_API: false });
    await app.ready();
    demo = bearer(await tokenFor(app, 'demo'));
    vip = bearer(await tokenFor(app, 'demovip'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses the fifth drawing with 429 too_many_tasks saying how many wait, writing nothing and taking no gold', async () => {
    const user = await userOf('demo');
    for (let i = 0; i < 4; i++) expect((await draw(demo)).statusCode).toBe(200);
    const before = { gold: (await userOf('demo')).gold, tasks: await rows(drawTasks, user.id) };
    const refused = await draw(demo);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ code: 429, extras: { error: 'too_many_tasks' } });
    expect(json(refused).message).toBe(
      '你已有 4 个同类任务在排队或进行中（最多 4 个），请等其中一个完成后再提交',
    );
    const english = await draw({ ...demo, 'accept-language': 'en' });
    expect(json(english).message).toBe(
      'You already have 4 tasks of this kind waiting or running (at most 4). Submit again once one has finished.',
    );
    expect({ gold: (await userOf('demo')).gold, tasks: await rows(drawTasks, user.id) }).toEqual(before);
    expect(await activeJobs(user.id, 'ai_draw')).toBe(4);

    // A finished (here: canceled) task frees its place.
    const [first] = await app.platform.db
      .select({ id: drawTasks.id })
      .from(drawTasks)
      .where(eq(drawTasks.userId, user.id))
      .limit(1);
    const removed = await post('/api/aiDraw/delete', { id: first!.id }, demo);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await draw(demo)).statusCode).toBe(200);
    expect((await draw(demo)).statusCode).toBe(429);
  });

  it('counts each capability on its own: dubbing and subtitles have their own four, video its own two', async () => {
    const user = await userOf('demo');
    const dub = () =>
      post('/api/textToSpeech/add', { text: '今天天气很好。', voice: 'espeak-cmn-f3', speed: 100 }, demo);
    for (let i = 0; i < 4; i++) expect((await dub()).statusCode).toBe(200);
    const dubTasks = await rows(voiceTasks, user.id);
    const refused = await dub();
    expect(refused.statusCode).toBe(429);
    expect(json(refused).extras).toMatchObject({ error: 'too_many_tasks' });
    expect(await rows(voiceTasks, user.id)).toBe(dubTasks);

    // One second of a tone as MP3 (real ffmpeg), the audio a subtitle task is asked for.
    const { stdout: tone } = await promisify(execFile)(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=1',
        '-c:a',
        'libmp3lame',
        '-f',
        'mp3',
        'pipe:1',
      ],
      { encoding: 'buffer' },
    );
    const subtitles = () => {
      const body = multipart([{ field: 'file', name: 'clip.mp3', type: 'audio/mpeg', data: tone }], {
        text: '你好。',
      });
      return app.inject({
        method: 'POST',
        url: '/api/audioToSrt/add',
        headers: { ...demo, ...body.headers },
        payload: body.payload,
        remoteAddress: freshIp(),
      });
    };
    for (let i = 0; i < 4; i++) {
      const accepted = await subtitles();
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    const asrTasks = await rows(voiceTasks, user.id);
    const tooMany = await subtitles();
    expect(tooMany.statusCode).toBe(429);
    expect(json(tooMany).extras).toMatchObject({ error: 'too_many_tasks' });
    expect(await rows(voiceTasks, user.id)).toBe(asrTasks);

    const video = () =>
      post(
        '/api/articleToVideo/add',
        {
          templateId: 'talk-vertical',
          voice: 'espeak-cmn-f3',
          speed: 100,
          title: '周末',
          text: '周末去爬山。山上风景很好。',
          bgmId: null,
          imageSource: 'draw',
        },
        demo,
      );
    const first = await video();
    expect(first.statusCode, first.body).toBe(200);
    expect((await video()).statusCode).toBe(200);
    const gold = (await userOf('demo')).gold;
    const third = await video();
    expect(third.statusCode).toBe(429);
    expect(json(third).message).toContain('2');
    expect((await userOf('demo')).gold).toBe(gold);
    expect(await rows(videoTasks, user.id)).toBe(2);
  });

  it('lets a VIP hold twice as many, and parallel submits never pass the limit together', async () => {
    const user = await userOf('demovip');
    const answers = await Promise.all(Array.from({ length: 12 }, () => draw(vip)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(8);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    expect(await rows(drawTasks, user.id)).toBe(8);
    expect(await activeJobs(user.id, 'ai_draw')).toBe(8);
  });
});
