import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import WebSocket from 'ws';
import {
  DEFAULT_PICTURE_MODERATION,
  hubEvents,
  type JobProgressPayload,
  type VideoScene,
  type VideoStoryboard,
  type VideoTask,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difference, thumbOf } from '../../test/frames.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { files } from '../../platform/storage/file.table.js';
import { users } from '../../platform/identity/identity.table.js';
import { goldHolds } from '../../platform/wallet/wallet.table.js';
import { freshIp } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { formData, png } from '../../test/uploads.js';
import { waitFor } from '../../test/wait.js';
import { preparePicture } from './pipeline/pictures.js';
import { videoScenes, videoTasks } from './video.table.js';

const SMALL = 'storyboard-small';
/** Hashtags, a topic, a link, an emoji and the offline engine's disclaimer: none of them may be spoken. */
const ARTICLE =
  '春天来了，公园里的花都开了。#春天# #踏青 😀\n小朋友们在草地上放风筝，大家都很开心。\n看看[攻略](https://example.com/a)再出发。\n\n> 本回答由内置离线引擎生成，未连接在线 AI 模型，仅供参考。';
/** Mono 16-bit PCM of a file's sound at 44.1 kHz, with the first audible time after a point. */
const soundOf = (file: string) => {
  const pcm = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', '44100', '-f', 's16le', 'pipe:1'],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  ).stdout;
  return (from: number) => {
    for (let i = Math.max(0, Math.floor(from * 44100)) * 2; i + 1 < pcm.length; i += 2)
      if (Math.abs(pcm.readInt16LE(i)) > 400) return i / 2 / 44100;
    return null;
  };
};
/** Mean loudness (dB) of a narrow band around `hz` in a file's sound. */
const bandLoudness = (file: string, hz: number) => {
  const out = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-i',
      file,
      '-vn',
      '-af',
      `bandpass=f=${hz}:width_type=h:w=30,volumedetect`,
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  return Number(/mean_volume:\s*(-?[\d.]+) dB/.exec(out.stderr)![1]);
};
const letters = (text: string) => text.replace(/[\p{P}\p{S}\s]/gu, '');

describe('the storyboard (分镜): edit scene by scene, then render', { timeout: 240_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let demoToken: string;
  let other: Record<string, string>;
  const dir = mkdtempSync(path.join(tmpdir(), 'storyboard-'));

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 100 });
    demoToken = await tokenFor(app, 'demo');
    demo = bearer(demoToken);
    other = bearer(await tokenFor(app, 'demovip'));
    await addDictItems(app, [smallVideoTemplate(SMALL)]);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, headers = demo) =>
    app.inject({
      method: 'POST',
      url: `/api/articleToVideo/${url}`,
      headers,
      remoteAddress: freshIp(),
      payload,
    });
  const create = async (body: object = {}) => {
    const res = await post('storyboard/create', {
      templateId: SMALL,
      voice: 'espeak-cmn-f3',
      text: ARTICLE,
      bgmId: null,
      subtitleStyle: 'karaoke',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<VideoStoryboard>(res).result;
  };
  const detail = async (id: number, headers = demo) =>
    app.inject({ method: 'GET', url: `/api/articleToVideo/storyboard/detail?id=${id}`, headers });
  const board = async (id: number) => json<VideoStoryboard>(await detail(id)).result;
  const allReady = async (id: number) => {
    let last: VideoStoryboard | undefined;
    await waitFor(async () => {
      last = await board(id);
      expect(last.scenes.some((s) => s.status === 'failed')).toBe(false);
      return last.scenes.every((s) => s.status === 'ready');
    }, 90_000);
    return last!;
  };
  const rows = (taskId: number) =>
    app.platform.db
      .select()
      .from(videoScenes)
      .where(eq(videoScenes.taskId, taskId))
      .orderBy(videoScenes.position);
  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.account, 'demo')))[0]!
      .gold;
  const upload = async (
    headers: Record<string, string>,
    file: { name: string; type: string; data: Buffer },
  ) => {
    const body = await formData({ file });
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments?category=media&visibility=private',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    return json<{ files: { id: number }[] }>(res).result.files[0]!.id;
  };
  const privateFile = (key: string) => path.join(app.platform.dataDir, 'private', key);
  const fileOfUrl = (url: string) =>
    privateFile(new URL(url, 'http://localhost').pathname.slice('/files/private/'.length));

  it('splits the text into scenes, makes each voice and picture in the background, and holds no gold', async () => {
    const before = await gold();
    const made = await create();
    expect(made.task.storyboard).toBe(true);
    expect(made.task.cost).toBe(0);
    // The emoji stays in its line (shown in the subtitles, never said); hashtags, link and disclaimer go.
    expect(made.scenes.map((s) => s.line)).toEqual([
      '春天来了，公园里的花都开了。😀',
      '小朋友们在草地上放风筝，大家都很开心。',
      '看看攻略再出发。',
    ]);
    expect(made.scenes.map((s) => s.position)).toEqual([0, 1, 2]);
    expect(made.estimate.gold).toBeGreaterThan(0);
    const ready = await allReady(made.task.id);
    for (const scene of ready.scenes) {
      expect(scene.voiceSeconds).toBeGreaterThan(0.5);
      expect(scene.words.length).toBeGreaterThan(0);
      expect(scene.voiceUrl).toMatch(/^\/files\/private\//);
      expect(scene.pictureKind).toBe('template');
      expect(scene.pictureUrl).toBe('/static/images/video-bg-talk-vertical.svg');
    }
    // Each scene was made by its own job, whose progress reached the owner (its JobProgress names the scene).
    const [task] = await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, made.task.id));
    const ids = ready.scenes.map((s) => s.jobId!);
    const sceneJobs = async () =>
      (await app.platform.db.select().from(jobs).where(eq(jobs.type, 'video_scene'))).filter((j) =>
        ids.includes(j.id),
      );
    // The scene is ready a moment before its job records its end.
    await waitFor(async () => (await sceneJobs()).every((j) => j.state === 'succeeded'));
    for (const scene of ready.scenes) {
      const job = (await sceneJobs()).find((j) => j.id === scene.jobId)!;
      expect(job.userId).toBe(task!.userId);
      expect(job.result).toEqual({ taskId: made.task.id, sceneId: scene.id });
    }
    // Nothing was charged nor held, and the storyboard survives a reload (read again from the database).
    expect(await gold()).toBe(before);
    const holds = await app.platform.db
      .select()
      .from(goldHolds)
      .where(and(eq(goldHolds.refType, 'article_to_video'), eq(goldHolds.refId, String(made.task.id))));
    expect(holds).toEqual([]);
    expect((await board(made.task.id)).scenes.map((s) => s.id)).toEqual(ready.scenes.map((s) => s.id));
    // The unqueued-task sweep leaves a storyboard alone (it has no job on purpose).
    expect(
      await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, made.task.id)),
    ).toMatchObject([{ phase: 'storyboard', jobId: null, deletedAt: null }]);
  });

  it('reports each scene’s progress to its owner over the hub (official SignalR client)', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const connection = new HubConnectionBuilder()
      .withUrl(`${address}/hubs/onlineUser`, {
        accessTokenFactory: () => demoToken,
        WebSocket,
        skipNegotiation: true,
        transport: HttpTransportType.WebSockets,
      } as IHttpConnectionOptions)
      .configureLogging(LogLevel.None)
      .build();
    const events: JobProgressPayload[] = [];
    connection.on(hubEvents.jobProgress, (payload: JobProgressPayload) => {
      if (payload.type === 'video_scene') events.push(payload);
    });
    await connection.start();
    try {
      const made = await create({ text: '第一句话。\n第二句话。' });
      const ids = made.scenes.map((s) => s.jobId!);
      await waitFor(
        () => ids.every((id) => events.some((e) => e.jobId === id && e.state === 'succeeded')),
        90_000,
      );
      for (const scene of made.scenes) {
        const mine = events.filter((e) => e.jobId === scene.jobId);
        expect(mine.some((e) => e.state === 'running' && e.stage === 'voice')).toBe(true);
        expect(mine.find((e) => e.state === 'succeeded')!.result).toEqual({
          taskId: made.task.id,
          sceneId: scene.id,
        });
      }
    } finally {
      await connection.stop();
    }
  });

  it('deleting a storyboard removes the voices made for it, not my uploaded photo', async () => {
    const made = await create({ text: '第一句话。\n第二句话。' });
    await allReady(made.task.id);
    const photo = await upload(demo, { name: 'p.png', type: 'image/png', data: await png(32, 32) });
    await post('storyboard/replacePicture', {
      taskId: made.task.id,
      sceneId: made.scenes[0]!.id,
      picture: { kind: 'upload', fileId: photo },
    });
    const before = await rows(made.task.id);
    const removed = await post('delete', { id: made.task.id });
    expect(removed.statusCode).toBe(200);
    for (const scene of before) expect(() => readFileSync(privateFile(scene.voiceKey!))).toThrow();
    expect(readFileSync(privateFile(before[0]!.pictureKey!)).length).toBeGreaterThan(0);
    expect((await detail(made.task.id)).statusCode).toBe(404);
  });

  it("refuses another user's storyboard, unknown scenes, others' files, and deleting the last scene", async () => {
    const made = await create({ text: '只有一句话。' });
    const scene = made.scenes[0]!;
    const notMine = await detail(made.task.id, other);
    expect(notMine.statusCode).toBe(404);
    expect(json(notMine).extras?.error).toBe('video_task_not_found');
    for (const [url, body] of [
      ['storyboard/editLine', { taskId: made.task.id, sceneId: scene.id, line: '改一改。' }],
      ['storyboard/move', { taskId: made.task.id, sceneId: scene.id, position: 0 }],
      ['storyboard/addScene', { taskId: made.task.id, afterSceneId: null, line: '新的。' }],
      ['storyboard/render', { id: made.task.id }],
    ] as const) {
      const res = await post(url, body, other);
      expect(res.statusCode, url).toBe(404);
      expect(json(res).extras?.error).toBe('video_task_not_found');
    }
    const unknown = await post('storyboard/editLine', {
      taskId: made.task.id,
      sceneId: 99_999_999,
      line: '改。',
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).extras?.error).toBe('video_scene_not_found');
    const othersPhoto = await upload(other, { name: 'a.png', type: 'image/png', data: await png(32, 32) });
    const notAPicture = await upload(demo, {
      name: 'a.mp3',
      type: 'audio/mpeg',
      data: spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=1', '-f', 'mp3', 'pipe:1'])
        .stdout,
    });
    for (const picture of [
      { kind: 'upload', fileId: othersPhoto },
      { kind: 'upload', fileId: notAPicture },
      { kind: 'drawing', drawingId: 99_999_999 },
    ]) {
      const res = await post('storyboard/replacePicture', {
        taskId: made.task.id,
        sceneId: scene.id,
        picture,
      });
      expect(res.statusCode, JSON.stringify(picture)).toBe(400);
      expect(json(res).extras?.error).toBe('video_scene_picture_invalid');
    }
    const badColour = await post('storyboard/replacePicture', {
      taskId: made.task.id,
      sceneId: scene.id,
      picture: { kind: 'color', colors: ['red'] },
    });
    expect(badColour.statusCode).toBe(400);
    const last = await post('storyboard/deleteScene', { taskId: made.task.id, sceneId: scene.id });
    expect(last.statusCode).toBe(400);
    expect(json(last).extras?.error).toBe('video_storyboard_last_scene');
    const empty = await post('storyboard/addScene', {
      taskId: made.task.id,
      afterSceneId: null,
      line: '#话题# 😀',
    });
    expect(json(empty).extras?.error).toBe('video_text_empty');
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/articleToVideo/storyboard/detail?id=${made.task.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('draws a picture for each line when pictures are drawn, and draws it again on request', async () => {
    const made = await create({ text: '海边的日落。', imageSource: 'draw' });
    expect(made.scenes[0]!.pictureKind).toBe('generated');
    const first = (await allReady(made.task.id)).scenes[0]!;
    expect(first.pictureUrl).toMatch(/^\/files\/private\//);
    const [before] = await rows(made.task.id);
    const again = await post('storyboard/replacePicture', {
      taskId: made.task.id,
      sceneId: first.id,
      picture: { kind: 'generated' },
    });
    expect(again.statusCode, again.body).toBe(200);
    await allReady(made.task.id);
    const [after] = await rows(made.task.id);
    expect(after!.pictureRef).not.toBe(before!.pictureRef);
    expect(after!.pictureKey).not.toBe(before!.pictureKey);
    // The voice stays; the old drawn picture is gone.
    expect(after!.voiceKey).toBe(before!.voiceKey);
    expect(() => readFileSync(privateFile(before!.pictureKey!))).toThrow();
  });

  it('screens a drawn scene picture: at the block threshold the scene fails and keeps none; in the review band it is kept flagged', async () => {
    const admin = bearer(await tokenFor(app, 'admin'));
    const thresholds = async (review: number, block: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/console/app-config',
        headers: admin,
        payload: { values: { pictureModeration: { review, block } } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    try {
      // Every picture's risk is at least 0: all refused.
      await thresholds(0, 0);
      const refused = await create({ text: '海边的日落。', imageSource: 'draw' });
      await waitFor(async () => (await board(refused.task.id)).scenes[0]!.status === 'failed', 90_000);
      expect((await rows(refused.task.id))[0]!.pictureKey).toBeNull();
      // Every picture under 1: all kept, flagged for review.
      await thresholds(0, 1);
      const flagged = await create({ text: '海边的日落。', imageSource: 'draw' });
      await allReady(flagged.task.id);
      const [row] = await rows(flagged.task.id);
      const [file] = await app.platform.db
        .select({ moderation: files.moderation })
        .from(files)
        .where(eq(files.storageKey, row!.pictureKey!));
      expect(file!.moderation).toMatchObject({ verdict: 'review', engine: 'nsfwjs' });
    } finally {
      await thresholds(DEFAULT_PICTURE_MODERATION.review, DEFAULT_PICTURE_MODERATION.block);
    }
  });

  it('reorders, adds and deletes scenes', async () => {
    const made = await create();
    const [a, b, c] = made.scenes;
    const moved = json<VideoStoryboard>(
      await post('storyboard/move', { taskId: made.task.id, sceneId: c!.id, position: 0 }),
    ).result;
    expect(moved.scenes.map((s) => s.id)).toEqual([c!.id, a!.id, b!.id]);
    const added = json<VideoStoryboard>(
      await post('storyboard/addScene', {
        taskId: made.task.id,
        afterSceneId: a!.id,
        line: '新加的一句 #标签',
      }),
    ).result;
    expect(added.scenes.map((s) => s.line)).toEqual([c!.line, a!.line, '新加的一句', b!.line]);
    expect(added.scenes.map((s) => s.position)).toEqual([0, 1, 2, 3]);
    const deleted = json<VideoStoryboard>(
      await post('storyboard/deleteScene', { taskId: made.task.id, sceneId: a!.id }),
    ).result;
    expect(deleted.scenes.map((s) => s.line)).toEqual([c!.line, '新加的一句', b!.line]);
    expect(deleted.scenes.map((s) => s.position)).toEqual([0, 1, 2]);
    // The added scene gets its own voice.
    const ready = await allReady(made.task.id);
    expect(ready.scenes[1]!.voiceSeconds).toBeGreaterThan(0.3);
  });

  it('editing a line redoes that scene’s voice only; a colour card or an upload replaces a picture alone', async () => {
    const made = await create();
    await allReady(made.task.id);
    const before = await rows(made.task.id);
    const res = await post('storyboard/editLine', {
      taskId: made.task.id,
      sceneId: before[1]!.id,
      line: '孩子们在草地上奔跑。#快乐#',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = json<VideoStoryboard>(res).result.scenes[1]!;
    expect(edited).toMatchObject({ line: '孩子们在草地上奔跑。', status: 'pending', voiceUrl: null });
    await allReady(made.task.id);
    const after = await rows(made.task.id);
    expect(after[0]!.voiceKey).toBe(before[0]!.voiceKey);
    expect(after[2]!.voiceKey).toBe(before[2]!.voiceKey);
    expect(after[1]!.voiceKey).not.toBe(before[1]!.voiceKey);
    expect(after[1]!.voiceKey).toBeTruthy();
    expect(after.map((s) => s.pictureRef)).toEqual(before.map((s) => s.pictureRef));
    // The old voice file is gone; the others' are still there.
    expect(() => readFileSync(privateFile(before[1]!.voiceKey!))).toThrow();
    expect(readFileSync(privateFile(before[0]!.voiceKey!)).length).toBeGreaterThan(0);

    // A gradient card: made as a picture of its own, the voice untouched.
    const card = json<VideoStoryboard>(
      await post('storyboard/replacePicture', {
        taskId: made.task.id,
        sceneId: before[0]!.id,
        picture: { kind: 'color', colors: ['#FF0000', '#0000FF'] },
      }),
    ).result.scenes[0]!;
    expect(card).toMatchObject({ pictureKind: 'color', colors: ['#ff0000', '#0000ff'] });
    const ready = await allReady(made.task.id);
    expect(ready.scenes[0]!.pictureUrl).toMatch(/^\/files\/private\//);
    const cardRows = await rows(made.task.id);
    expect(cardRows[0]!.voiceKey).toBe(before[0]!.voiceKey);
    const top = thumbOf(fileOfUrl(ready.scenes[0]!.pictureUrl!), 180, 320);
    expect(top[0]).toBeGreaterThan(200); // red at the top
    expect(top[top.length - 1]).toBeGreaterThan(200); // blue at the bottom

    // An uploaded photo: used as it is stored (no job).
    const photo = await upload(demo, { name: 'p.png', type: 'image/png', data: await png(90, 160) });
    const uploaded = json<VideoStoryboard>(
      await post('storyboard/replacePicture', {
        taskId: made.task.id,
        sceneId: before[2]!.id,
        picture: { kind: 'upload', fileId: photo },
      }),
    ).result.scenes[2]!;
    expect(uploaded).toMatchObject({ pictureKind: 'upload', status: 'ready' });
    expect((await rows(made.task.id))[2]!.voiceKey).toBe(before[2]!.voiceKey);
  });

  it('renders with every finished voice and picture reused: the uploaded photo shows, karaoke keeps time, nothing unsaid is said', async () => {
    const made = await create();
    const ready = await allReady(made.task.id);
    // Edit one line, then replace the second scene's picture with an uploaded photo.
    await post('storyboard/editLine', {
      taskId: made.task.id,
      sceneId: ready.scenes[0]!.id,
      line: '春天到了，花都开了。',
    });
    const photo = await upload(demo, { name: 'p.png', type: 'image/png', data: await png(90, 160) });
    await post('storyboard/replacePicture', {
      taskId: made.task.id,
      sceneId: ready.scenes[1]!.id,
      picture: { kind: 'upload', fileId: photo },
    });
    const final = await allReady(made.task.id);
    // The third scene's stored voice becomes a 1234 Hz tone: heard in the video only if the render reuses it.
    const third = (await rows(made.task.id))[2]!;
    const tone = path.join(dir, 'tone.mp3');
    spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=1234:d=1.5', tone]);
    writeFileSync(privateFile(third.voiceKey!), readFileSync(tone));
    await app.platform.db
      .update(videoScenes)
      .set({ voiceSeconds: 1.5, words: [{ start: 0, end: 1.5, text: third.line }] })
      .where(eq(videoScenes.id, third.id));

    const goldBefore = await gold();
    const res = await post('storyboard/render', { id: made.task.id });
    expect(res.statusCode, res.body).toBe(200);
    const accepted = json<VideoTask>(res).result;
    expect(accepted.storyboard).toBe(false);
    expect(accepted.cost).toBe(final.estimate.gold);
    expect(await gold()).toBe(goldBefore - final.estimate.gold);
    // Once rendering, the storyboard can no longer be edited.
    const late = await post('storyboard/editLine', {
      taskId: made.task.id,
      sceneId: third.id,
      line: '晚了。',
    });
    expect(late.statusCode).toBe(409);
    expect(json(late).extras?.error).toBe('video_storyboard_not_editable');

    let done = accepted;
    await waitFor(async () => {
      done = json<VideoTask>(
        await app.inject({
          method: 'GET',
          url: `/api/articleToVideo/detail?id=${made.task.id}`,
          headers: demo,
        }),
      ).result;
      return ['succeeded', 'failed'].includes(done.status);
    }, 120_000);
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const video = fileOfUrl(done.videoUrl!);
    const cues = (await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, made.task.id)))[0]!
      .cues;

    // Reuse: the tone stored as the third scene's voice is in the video.
    expect(bandLoudness(video, 1234)).toBeGreaterThan(-40);

    // What is said and subtitled (the script alignment): the scenes' lines, no hashtag, no disclaimer, no link
    // (an emoji stays on screen, unsaid).
    const said = cues.map((c) => c.text).join('');
    expect(said).not.toMatch(/#|本回答|离线|http/);
    expect(letters(said)).toBe(letters(final.scenes.map((s) => s.line).join('')));

    // The replaced scene shows the uploaded photo: its frames look like the photo as the renderer fits it,
    // and unlike the template's background that the first scene shows.
    const lineStart = (scene: VideoScene) =>
      cues.find((c) => letters(scene.line).startsWith(letters(c.text)))!;
    const second = lineStart(final.scenes[1]!);
    const firstScene = lineStart(final.scenes[0]!);
    const photoLook = path.join(dir, 'photo-look.jpg');
    const photoFile = path.join(dir, 'photo.png');
    writeFileSync(photoFile, await png(90, 160));
    await preparePicture({
      source: photoFile,
      background: '#102030',
      width: 180,
      height: 320,
      out: photoLook,
    });
    const expected = thumbOf(photoLook, 180, 320);
    const shown = thumbOf(video, 180, 320, second.start + 0.3);
    const elsewhere = thumbOf(video, 180, 320, firstScene.start + 0.3);
    expect(difference(shown, expected)).toBeLessThan(15);
    expect(difference(elsewhere, expected)).toBeGreaterThan(30);

    // Karaoke: each scene's first lit word starts within 80 ms of its voice being heard in the video.
    const heard = soundOf(video);
    for (const scene of final.scenes) {
      const cue = lineStart(scene);
      const onset = heard(Math.max(0, cue.start - 0.2));
      expect(onset, scene.line).not.toBeNull();
      expect(Math.abs(onset! - cue.start), scene.line).toBeLessThanOrEqual(0.08);
    }
  });
});
