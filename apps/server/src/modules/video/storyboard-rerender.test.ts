import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID, type VideoScene, type VideoStoryboard, type VideoTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorFor } from '../../platform/identity/actor.js';
import { users } from '../../platform/identity/identity.table.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { jobs } from '../../platform/jobs/job.table.js';
import { UNQUEUED_GRACE_MS } from '../../platform/jobs/unqueued-tasks.js';
import { goldHolds } from '../../platform/wallet/wallet.table.js';
import { freshIp } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { formData, png } from '../../test/uploads.js';
import { waitFor } from '../../test/wait.js';
import { createVoiceEngines } from '../voice/index.js';
import { clipHash } from './pipeline/render.js';
import { createStoryboardService } from './storyboard.service.js';
import { createVideoRepositories } from './video.repository.js';
import { createVideoService } from './video.service.js';
import { createVideoSpeaker } from './video-speaker.js';
import { videoScenes, videoTasks } from './video.table.js';

const SMALL = 'rerender-small';
const ARTICLE = '春天来了，公园里的花都开了。\n小朋友们在草地上放风筝，大家都很开心。\n我们明天再去看看。';
const letters = (text: string) => text.replace(/[\p{P}\p{S}\s]/gu, '');

/** First audible time (s) at or after `from` in a file's sound (mono 44.1 kHz). */
const soundOf = (file: string) => {
  const pcm = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', '44100', '-f', 's16le', 'pipe:1'],
    { maxBuffer: 64 * 1024 * 1024 },
  ).stdout;
  return (from: number) => {
    for (let i = Math.max(0, Math.floor(from * 44100)) * 2; i + 1 < pcm.length; i += 2)
      if (Math.abs(pcm.readInt16LE(i)) > 400) return i / 2 / 44100;
    return null;
  };
};

describe('a rendered storyboard edited and rendered again (修改后重新合成)', { timeout: 300_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 100 });
    demo = bearer(await tokenFor(app, 'demo'));
    await addDictItems(app, [smallVideoTemplate(SMALL)]);
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/articleToVideo/${url}`,
      headers: demo,
      remoteAddress: freshIp(),
      payload,
    });
  const board = async (id: number) =>
    json<VideoStoryboard>(
      await app.inject({
        method: 'GET',
        url: `/api/articleToVideo/storyboard/detail?id=${id}`,
        headers: demo,
      }),
    ).result;
  const allReady = async (id: number) => {
    let last: VideoStoryboard | undefined;
    await waitFor(async () => {
      last = await board(id);
      return last.scenes.every((s) => s.status === 'ready');
    }, 90_000);
    return last!;
  };
  const finished = async (id: number) => {
    let done: VideoTask | undefined;
    await waitFor(async () => {
      done = json<VideoTask>(
        await app.inject({ method: 'GET', url: `/api/articleToVideo/detail?id=${id}`, headers: demo }),
      ).result;
      return ['succeeded', 'failed'].includes(done.status);
    }, 150_000);
    return done!;
  };
  const rows = (taskId: number) =>
    app.platform.db
      .select()
      .from(videoScenes)
      .where(eq(videoScenes.taskId, taskId))
      .orderBy(videoScenes.position);
  const task = async (id: number) =>
    (await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, id)))[0]!;
  const gold = async () =>
    (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.account, 'demo')))[0]!
      .gold;
  const hold = async (refId: string) =>
    (
      await app.platform.db
        .select()
        .from(goldHolds)
        .where(and(eq(goldHolds.refType, 'article_to_video'), eq(goldHolds.refId, refId)))
    )[0];
  const privateFile = (key: string) => path.join(app.platform.dataDir, 'private', key);
  const fileOfUrl = (url: string) =>
    privateFile(new URL(url, 'http://localhost').pathname.slice('/files/private/'.length));
  const upload = async (data: Buffer) => {
    const body = await formData({ file: { name: 'p.png', type: 'image/png', data } });
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments?category=media&visibility=private',
      headers: { ...demo, ...body.headers },
      payload: body.payload,
    });
    return json<{ files: { id: number }[] }>(res).result.files[0]!.id;
  };

  it('reuses the clips of unchanged scenes, re-encodes the edited one, and charges each render on its own', async () => {
    const created = await post('storyboard/create', {
      templateId: SMALL,
      voice: 'espeak-cmn-f3',
      text: ARTICLE,
      bgmId: null,
      subtitleStyle: 'karaoke',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = json<VideoStoryboard>(created).result.task.id;
    await allReady(id);

    // First render: its hold (the task id) is captured; every scene's clip is kept privately.
    const goldAtStart = await gold();
    const first = json<VideoTask>(await post('storyboard/render', { id })).result;
    expect((await finished(id)).status).toBe('succeeded');
    // Made on its first attempt: keeping a clip leaves the render's own scene file in place for the join.
    const [firstJob] = await app.platform.db
      .select({ attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.id, (await task(id)).jobId!));
    expect(firstJob?.attempts).toBe(1);
    expect(await hold(String(id))).toMatchObject({ status: 'captured', amount: first.cost });
    expect(await gold()).toBe(goldAtStart - first.cost);
    const firstClips = await rows(id);
    for (const scene of firstClips) {
      expect(scene.clipKey).toBeTruthy();
      expect(existsSync(privateFile(scene.clipKey!))).toBe(true);
    }
    const firstVideo = await task(id);
    expect(existsSync(privateFile(firstVideo.videoKey!))).toBe(true);

    // Rendered: editable again. The task is a storyboard once more, its video still there.
    const line = '夏天也来了，荷花开满了池塘。';
    const edited = await post('storyboard/editLine', { taskId: id, sceneId: firstClips[1]!.id, line });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<VideoStoryboard>(edited).result.task.storyboard).toBe(true);
    expect(json<VideoStoryboard>(edited).result.task.videoUrl).toBeTruthy();
    const ready = await allReady(id);

    // The re-render holds its own gold (round 1) and leaves the first render's captured hold alone.
    const goldBefore = await gold();
    const again = await post('storyboard/render', { id });
    expect(again.statusCode, again.body).toBe(200);
    const second = json<VideoTask>(again).result;
    expect(second.cost).toBe(ready.estimate.gold);
    expect(await gold()).toBe(goldBefore - second.cost);
    expect(await hold(`${id}.1`)).toMatchObject({ status: 'held', amount: second.cost });
    const done = await finished(id);
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(await hold(`${id}.1`)).toMatchObject({ status: 'captured' });
    expect(await hold(String(id))).toMatchObject({ status: 'captured', amount: first.cost });
    expect(await gold()).toBe(goldBefore - second.cost);

    // The unchanged scenes' clips were reused as they were (same stored file: not encoded again); the edited
    // scene's clip was made anew and its old one removed.
    const secondClips = await rows(id);
    expect(secondClips[0]!.clipKey).toBe(firstClips[0]!.clipKey);
    expect(secondClips[2]!.clipKey).toBe(firstClips[2]!.clipKey);
    expect(secondClips[1]!.clipKey).not.toBe(firstClips[1]!.clipKey);
    expect(secondClips[1]!.clipHash).not.toBe(firstClips[1]!.clipHash);
    expect(existsSync(privateFile(firstClips[1]!.clipKey!))).toBe(false);

    // The new video replaced the old one (old files gone); it says the new line, karaoke in time with the voice.
    const now = await task(id);
    expect(now.videoKey).not.toBe(firstVideo.videoKey);
    expect(existsSync(privateFile(firstVideo.videoKey!))).toBe(false);
    const video = fileOfUrl(done.videoUrl!);
    expect(letters(now.cues.map((c) => c.text).join(''))).toBe(
      letters(ready.scenes.map((s) => s.line).join('')),
    );
    const heard = soundOf(video);
    const startOf = (scene: VideoScene) =>
      now.cues.find((c) => letters(scene.line).startsWith(letters(c.text)))!;
    for (const scene of ready.scenes) {
      const cue = startOf(scene);
      const onset = heard(Math.max(0, cue.start - 0.2));
      expect(onset, scene.line).not.toBeNull();
      expect(Math.abs(onset! - cue.start), scene.line).toBeLessThanOrEqual(0.08);
    }

    // A re-render that fails gives its own gold back and keeps the last good video.
    const photo = await upload(await png(90, 160));
    const replaced = await post('storyboard/replacePicture', {
      taskId: id,
      sceneId: secondClips[0]!.id,
      picture: { kind: 'upload', fileId: photo },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const broken = (await rows(id))[0]!;
    writeFileSync(privateFile(broken.pictureKey!), 'not a picture');
    const goldBeforeFailure = await gold();
    const third = json<VideoTask>(await post('storyboard/render', { id })).result;
    expect(await gold()).toBe(goldBeforeFailure - third.cost);
    expect((await finished(id)).status).toBe('failed');
    await waitFor(async () => (await hold(`${id}.2`))?.status === 'released');
    expect(await gold()).toBe(goldBeforeFailure);
    expect((await task(id)).videoKey).toBe(now.videoKey);
    expect(existsSync(privateFile(now.videoKey!))).toBe(true);
    // …and the storyboard can be edited again.
    const retry = await post('storyboard/editLine', { taskId: id, sceneId: broken.id, line: '再试一次。' });
    expect(retry.statusCode, retry.body).toBe(200);

    // Deleting the task removes the kept clips with the scenes' other files.
    const keys = (await rows(id)).map((s) => s.clipKey!).filter(Boolean);
    expect(keys.length).toBeGreaterThan(0);
    const removed = await post('delete', { id });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const key of keys) expect(existsSync(privateFile(key))).toBe(false);
  });

  it('a re-render whose process died before queuing it gets its gold back and is a storyboard again, its video kept', async () => {
    const created = await post('storyboard/create', {
      templateId: SMALL,
      voice: 'espeak-cmn-f3',
      text: '春天来了，公园里的花都开了。',
      bgmId: null,
    });
    const id = json<VideoStoryboard>(created).result.task.id;
    await allReady(id);
    await post('storyboard/render', { id });
    expect((await finished(id)).status).toBe('succeeded');
    const rendered = await task(id);

    // The same services as the product's, but the process dies while queuing the render.
    const dying: Pick<JobRunner, 'enqueue' | 'cancel'> = {
      enqueue: () => new Promise<never>(() => undefined),
      cancel: (jobId, options) => app.platform.jobs.cancel(jobId, options),
    };
    const store = createVideoRepositories(app.platform.db);
    const video = createVideoService({
      db: app.platform.db,
      store,
      clock: app.platform.clock,
      jobs: dying,
      storage: app.platform.storage,
      censor: app.platform.censor,
      speaker: createVideoSpeaker({ db: app.platform.db, engines: createVoiceEngines(app.platform.config) }),
      cacheDir: path.join(os.tmpdir(), 'storyboard-rerender-test'),
      scoreAudio: { fileFor: async () => null },
      drawAvailable: async () => true,
    });
    const storyboard = createStoryboardService({
      db: app.platform.db,
      store,
      clock: app.platform.clock,
      jobs: app.platform.jobs,
      storage: app.platform.storage,
      censor: app.platform.censor,
      video,
      drawAvailable: async () => true,
    });
    const before = await gold();
    void storyboard.render(actorFor(DEFAULT_TENANT_ID, rendered.userId, { vip: false, locale: 'zh-Hans' }), {
      id,
    });
    await waitFor(async () => (await hold(`${id}.1`))?.status === 'held');
    const accepted = await task(id);
    expect(accepted).toMatchObject({ phase: 'render', renderRound: 1, jobId: null });
    expect(await gold()).toBe(before - accepted.cost);

    // Within the grace the sweep leaves it; after it, the render's own hold goes back (the first render's older
    // job is not taken for this render's), and the task is the storyboard it was, with its video.
    expect(await video.sweepUnqueued()).toBe(0);
    expect(await video.sweepUnqueued(new Date(Date.now() + UNQUEUED_GRACE_MS + 1000))).toBe(1);
    expect(await hold(`${id}.1`)).toMatchObject({ status: 'released' });
    expect(await hold(String(id))).toMatchObject({ status: 'captured' });
    expect(await gold()).toBe(before);
    expect(await task(id)).toMatchObject({
      phase: 'storyboard',
      jobId: rendered.jobId,
      deletedAt: null,
      videoKey: rendered.videoKey,
    });
    expect((await board(id)).task.storyboard).toBe(true);

    // Past its keeping time (its scene files gone) a storyboard is no longer edited, and says why.
    await app.platform.db.update(videoTasks).set({ expiredAt: new Date() }).where(eq(videoTasks.id, id));
    const late = await post('storyboard/editLine', {
      taskId: id,
      sceneId: (await rows(id))[0]!.id,
      line: '晚了。',
    });
    expect(late.statusCode).toBe(409);
    expect(json(late).extras?.error).toBe('video_storyboard_expired');
  });

  it('keys a scene clip by everything that shapes it', () => {
    const base = {
      picture: 'a'.repeat(64),
      background: '#102030',
      width: 1080,
      height: 1920,
      frames: 90,
      ass: '[Events]\nDialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,你好',
      motion: 'zoompan=z=1',
    };
    const changes: Partial<typeof base>[] = [
      { picture: 'b'.repeat(64) },
      { background: '#000000' },
      { width: 720 },
      { height: 1280 },
      { frames: 91 },
      { ass: `${base.ass}!` },
      { motion: 'zoompan=z=2' },
    ];
    const hashes = new Set([clipHash(base), ...changes.map((c) => clipHash({ ...base, ...c }))]);
    expect(hashes.size).toBe(changes.length + 1);
    expect(clipHash({ ...base })).toBe(clipHash(base));
  });
});
