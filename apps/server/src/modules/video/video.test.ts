import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import {
  estimateVideo,
  type Paged,
  type VideoEstimate,
  type VideoOptions,
  type VideoTask,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, brokenMusic, smallVideoTemplate } from '../../test/dictionary.js';
import { freshIp } from '../../test/auth.js';
import { bearer, guestToken, tokenFor } from '../../test/tokens.js';
import { users } from '../../platform/identity/identity.table.js';
import { goldHolds } from '../../platform/wallet/wallet.table.js';
import { videoTasks } from './video.table.js';
import { moduleJobsOn } from '../../test/module-jobs.js';
import { videoModule } from './video.module.js';
import { createPlatformJobRunner } from '../../platform/jobs/jobs.js';
import { assAlignment, assTime } from './pipeline/subtitles.js';
import { splitIntoScenes, SCENE_MAX_WIDTH } from './pipeline/script.js';

/** A clock that runs with real time and can jump ahead (leases, expiry). */
const movableClock = () => {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => (offset += ms) };
};

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 120_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const probe = (file: string) => {
  const out = spawnSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,width,height:format=duration',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(out.stdout.toString()) as {
    streams: { codec_name: string; width?: number; height?: number }[];
    format: { duration: string };
  };
};

/** The first time at or after `from` where the decoded audio of `file` is audible (mono 44.1 kHz). */
const audioOf = (file: string) => {
  const out = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', '44100', '-f', 's16le', 'pipe:1'],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const pcm = out.stdout;
  const onset = (from: number, to: number) => {
    for (
      let i = Math.max(0, Math.floor(from * 44100)) * 2;
      i + 1 < pcm.length && i < to * 44100 * 2;
      i += 2
    ) {
      if (Math.abs(pcm.readInt16LE(i)) > 400) return i / 2 / 44100;
    }
    return null;
  };
  /** The end of the last sound heard before `at` (seconds), or null. */
  const lastSoundBefore = (at: number) => {
    for (let i = Math.floor(at * 44100) * 2 - 2; i >= 0; i -= 2) {
      if (Math.abs(pcm.readInt16LE(i)) > 400) return (i / 2 + 1) / 44100;
    }
    return null;
  };
  return Object.assign(onset, { lastSoundBefore });
};

const SMALL = 'test-small';
const TWO_SCENES = '春天来了，公园里的花都开了。\n## 周末去哪儿\n小朋友们在草地上放风筝，大家都很开心。';

describe('AI video from articles', { timeout: 180_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  const clock = movableClock();

  beforeAll(async () => {
    app = await createTestApp({ JOB_LEASE_MS: 1500, JOB_POLL_MS: 100 }, { clock });
    demo = bearer(await tokenFor(app, 'demo'));
    await addDictItems(app, [
      smallVideoTemplate(SMALL, { bgm: 'bgm-morning', titlePosition: 2, inserts: ['intro-brand'] }),
      brokenMusic,
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  // A fresh client address per request keeps the per-route rate limit out of these tests.
  const add = (body: object, headers = demo) =>
    app.inject({
      method: 'POST',
      url: '/api/articleToVideo/add',
      headers,
      remoteAddress: freshIp(),
      payload: body,
    });
  const detail = async (id: number, headers = demo) =>
    json<VideoTask>(await app.inject({ method: 'GET', url: `/api/articleToVideo/detail?id=${id}`, headers }))
      .result;
  const until = (id: number, done: (t: VideoTask) => boolean) => waitFor(() => detail(id), done);
  const over = (t: VideoTask) => ['succeeded', 'failed', 'canceled'].includes(t.status);
  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.account, 'demo')))[0]!
      .gold;
  /** The stored file a task's URL names (a signed private link, or a public URL). */
  const fileOf = (url: string) => {
    const { pathname } = new URL(url, 'http://localhost');
    return pathname.startsWith('/files/private/')
      ? path.join(app.platform.dataDir, 'private', pathname.slice('/files/private/'.length))
      : path.join(app.platform.dataDir, 'uploads', pathname.replace(/^\/uploads\//, ''));
  };
  const base = { templateId: SMALL, voice: 'espeak-cmn-f3', speed: 100 };

  it('cuts an article into scenes at sentence ends, headings alone', () => {
    const scenes = splitIntoScenes(
      '# 标题一\n第一句话。第二句话！**第三句**很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长。\n\n![图](/x.png)\n- 列表项',
    );
    expect(scenes[0]).toEqual({ text: '标题一。', heading: true });
    expect(scenes[1]!.text).toBe('第一句话。第二句话！');
    expect(scenes[2]!.text.startsWith('第三句')).toBe(true);
    expect(scenes.at(-1)!.text).toBe('列表项');
    expect(scenes.every((s) => !s.text.includes('*') && !s.text.includes('/x.png'))).toBe(true);
    expect(splitIntoScenes('短句。'.repeat(30)).every((s) => [...s.text].length <= SCENE_MAX_WIDTH)).toBe(
      true,
    );
  });

  it('places text on the 3×3 grid in reading order and times cues never late', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(assAlignment)).toEqual([7, 8, 9, 4, 5, 6, 1, 2, 3]);
    expect(assTime(61.239)).toBe('0:01:01.23');
  });

  it('estimates length and gold before submitting (spec §9: 5 words a second, 20 gold a word)', async () => {
    expect(
      estimateVideo({ text: '一二三四五六七八九十', speed: 100, perSecondWord: 5, goldPerWord: 20 }),
    ).toEqual({
      words: 10,
      seconds: 2,
      gold: 200,
    });
    expect(
      estimateVideo({ text: '一二三四五六七八九十', speed: 200, perSecondWord: 5, goldPerWord: 20 }).seconds,
    ).toBe(1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/articleToVideo/estimate',
      headers: demo,
      payload: { text: '一二三四五六七八九十', templateId: SMALL },
    });
    // No intro unless the user picks one; a picked 2-second intro counts.
    expect(json<VideoEstimate>(res).result).toEqual({ words: 10, seconds: 2, gold: 200 });
    const picked = await app.inject({
      method: 'POST',
      url: '/api/articleToVideo/estimate',
      headers: demo,
      payload: { text: '一二三四五六七八九十', templateId: SMALL, intro: true },
    });
    expect(json<VideoEstimate>(picked).result).toEqual({ words: 10, seconds: 4, gold: 200 });
  });

  it('lists templates and music to anyone logged in, guests included', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/articleToVideo/videoTemplate',
      headers: bearer(await guestToken(app)),
    });
    const options = json<VideoOptions>(res).result;
    const talk = options.templates.find((t) => t.value === 'talk-vertical')!;
    expect(talk).toMatchObject({ width: 1080, height: 1920, subtitleAnchor: 8, titleAnchor: 2 });
    // The template's background is a design of its own, and it plays no clip of ours unless the user picks one.
    expect(talk.cover).toBe('/static/images/video-bg-talk-vertical.svg');
    expect(talk.inserts).toEqual([]);
    expect(talk.safeArea).toEqual({ top: 8, bottom: 8, side: 6 });
    const seeded = options.templates.filter((t) => t.value !== SMALL);
    expect(new Set(seeded.map((t) => t.cover)).size).toBe(seeded.length);
    expect(options.templates.some((t) => t.cover.includes('banner'))).toBe(false);
    expect(options.templates.find((t) => t.width === t.height)).toBeDefined();
    expect(options.inserts.map((i) => i.position).sort()).toEqual(['end', 'end', 'start']);
    expect(options.bgms.length).toBeGreaterThan(0);
    expect(options).toMatchObject({ perSecondWord: 5, goldPerWord: 20, saveVideoTime: 604800 });
  });

  it('refuses bad requests and changes nothing', async () => {
    const before = await gold();
    const bad = [
      { ...base },
      { ...base, text: '你好', articleId: 1 },
      { ...base, text: '你好', templateId: 'nope' },
      { ...base, text: '你好', voice: 'nope' },
      { ...base, text: '你好', bgmId: 'nope' },
      { ...base, text: '你好', subtitleAnchor: 10 },
      { ...base, text: '你好', imageSource: 'paint' },
      { ...base, text: '你好', subtitleStyle: 'neon' },
      { ...base, text: '😀😀' },
      { ...base, articleId: 999999 },
    ];
    for (const body of bad)
      expect((await add(body)).statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    expect(await gold()).toBe(before);
    expect((await app.platform.db.select().from(videoTasks)).length).toBe(0);
  });

  it('renders an article: 1080-style vertical MP4 (H.264, AAC), intro, pictures, music, cover; gold spent', async () => {
    const works = json<Paged<{ id: number; images: string[] }>>(
      await app.inject({
        method: 'POST',
        url: '/api/sysArticle/page',
        headers: demo,
        payload: { pageSize: 50 },
      }),
    ).result.items;
    const article = works.find((w) => w.images.some((i) => i.endsWith('.png')));
    expect(article).toBeDefined();
    const before = await gold();
    const res = await add({
      ...base,
      articleId: article!.id,
      imageSource: 'article',
      subtitleAnchor: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const accepted = json<VideoTask>(res).result;
    expect(accepted.cost).toBeGreaterThan(0);
    expect(await gold()).toBe(before - accepted.cost);
    const stages = new Set<string>();
    const done = await waitFor(async () => {
      const t = await detail(accepted.id);
      if (t.stage) stages.add(t.stage);
      return t;
    }, over);
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done).toMatchObject({ width: 180, height: 320, subtitleAnchor: 5, offline: true, error: null });
    expect(done.engine).toContain('ffmpeg');
    const file = fileOf(done.videoUrl!);
    const info = probe(file);
    expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(info.streams.find((s) => s.codec_name === 'h264')).toMatchObject({ width: 180, height: 320 });
    expect(Number(info.format.duration)).toBeCloseTo(done.duration!, 1);
    expect(existsSync(fileOf(done.coverUrl!))).toBe(true);
    expect(stages.size).toBeGreaterThan(1);
    expect(await gold()).toBe(before - accepted.cost);
    const [hold] = await app.platform.db
      .select({ status: goldHolds.status })
      .from(goldHolds)
      .where(and(eq(goldHolds.refType, 'article_to_video'), eq(goldHolds.refId, String(done.id))));
    expect(hold?.status).toBe('captured');
    // The finished video is listed in 下载管理 (issue 27 point 14: it listed only saved copy).
    const files = json<Paged<{ refType: string; refId: number; title: string; link: string | null }>>(
      await app.inject({ method: 'POST', url: '/api/sysHistory/page', headers: demo, payload: { kind: 'generated', pageSize: 100 } }),
    ).result.items;
    expect(files).toContainEqual(expect.objectContaining({ refType: 'video', refId: done.id, title: done.title, link: '/media/video/list' }));
  });

  it('draws a picture per scene and keeps every subtitle cue within 40 ms of the voice, measured from the audio', async () => {
    // Pictures drawn per scene by the drawing engine (the offline one here).
    const res = await add({
      ...base,
      title: '周末',
      text: TWO_SCENES,
      bgmId: null,
      imageSource: 'draw',
      intro: true,
    });
    const done = await until(json<VideoTask>(res).result.id, over);
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const [row] = await app.platform.db
      .select({ cues: videoTasks.cues })
      .from(videoTasks)
      .where(eq(videoTasks.id, done.id));
    const onset = audioOf(fileOf(done.videoUrl!));
    expect(row!.cues.length).toBeGreaterThanOrEqual(3);
    expect(row!.cues[0]!.start).toBeGreaterThanOrEqual(2); // after the 2-second intro
    for (const cue of row!.cues) {
      expect([...cue.text].length).toBeLessThanOrEqual(16);
      const heard = onset(cue.start - 0.1, cue.end);
      expect(heard, cue.text).not.toBeNull();
      expect(Math.abs(heard! - cue.start), cue.text).toBeLessThanOrEqual(0.04);
    }
    // Between two scenes the voice pauses for a breath (0.25 s, plus 40 ms kept at each edge of a voice and up to
    // a frame of rounding), not for that plus the speech engine's own silence before and after each scene.
    const heading = row!.cues.find((c) => c.text.includes('周末去哪儿'))!;
    const resumed = onset(heading.start - 0.1, heading.end)!;
    const gap = resumed - onset.lastSoundBefore(heading.start - 0.1)!;
    expect(gap).toBeLessThanOrEqual(0.25 + 2 * 0.04 + 1 / 30 + 0.005);
  });

  it('names the stage that failed in words a user understands, and gives the gold back', async () => {
    const before = await gold();
    const res = await add({ ...base, text: '音乐坏了。', bgmId: 'bgm-broken' });
    expect(res.statusCode, res.body).toBe(200);
    const done = await until(json<VideoTask>(res).result.id, over);
    expect(done.status).toBe('failed');
    expect(done.error?.stage).toBe('compose');
    expect(done.error?.message).toBe('背景音乐无法混入视频，请换一首音乐或不用音乐再试');
    const inEnglish = await detail(done.id, { ...demo, 'accept-language': 'en' });
    expect(inEnglish.error).toEqual({
      stage: 'compose',
      message: expect.stringContaining('music') as string,
    });
    expect(done.videoUrl).toBeNull();
    expect(await waitFor(gold, (g) => g === before)).toBe(before);
  });

  it('deleting a video mid-render cancels it and gives the gold back', async () => {
    const before = await gold();
    const res = await add({ ...base, text: TWO_SCENES });
    const id = json<VideoTask>(res).result.id;
    await until(id, (t) => t.stage === 'compose' || over(t));
    const del = await app.inject({
      method: 'POST',
      url: '/api/articleToVideo/delete',
      headers: demo,
      payload: { id },
    });
    expect(json(del).result).toBe(true);
    expect(await gold()).toBe(before);
    const page = json<Paged<VideoTask>>(
      await app.inject({ method: 'POST', url: '/api/articleToVideo/page', headers: demo, payload: {} }),
    ).result;
    expect(page.items.some((t) => t.id === id)).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: `/api/articleToVideo/detail?id=${id}`, headers: demo }))
        .statusCode,
    ).toBe(404);
    const [row] = await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, id));
    expect(row!.videoKey).toBeNull();
  });

  it('deletes the files saveVideoTime after creation (the sweep runs once per cluster) and says so', async () => {
    const list = json<Paged<VideoTask>>(
      await app.inject({ method: 'POST', url: '/api/articleToVideo/page', headers: demo, payload: {} }),
    ).result;
    const made = list.items.find((t) => t.status === 'succeeded')!;
    const file = fileOf(made.videoUrl!);
    expect(existsSync(file)).toBe(true);
    expect(made.expired).toBe(false);
    expect(new Date(made.expireAt).getTime() - new Date(made.createTime).getTime()).toBe(604800 * 1000);
    clock.advance(604800 * 1000);
    demo = bearer(await tokenFor(app, 'demo')); // the old access token expired with the jump
    await app.platform.jobs.runDue();
    const expired = await until(made.id, (t) => t.videoUrl === null);
    expect(expired).toMatchObject({ expired: true, videoUrl: null, coverUrl: null, status: 'succeeded' });
    expect(existsSync(file)).toBe(false);
  });
  it('a render whose worker dies mid-render is picked up again and finishes once', async () => {
    const before = await gold();
    const res = await add({ ...base, text: TWO_SCENES, bgmId: null });
    const accepted = json<VideoTask>(res).result;
    await until(accepted.id, (t) => t.stage === 'compose' || over(t));
    // The worker walks away like a crashed process (its ffmpeg is killed); its lease runs out.
    await app.platform.jobs.stop({ abandon: true });
    const second = moduleJobsOn(
      videoModule,
      app.platform,
      createPlatformJobRunner({ ...app.platform, log: app.log }),
    );
    clock.advance(2000);
    await second.start();
    try {
      const done = await until(accepted.id, over);
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      expect(existsSync(fileOf(done.videoUrl!))).toBe(true);
      expect(await gold()).toBe(before - accepted.cost);
    } finally {
      await second.stop();
    }
  });
});
