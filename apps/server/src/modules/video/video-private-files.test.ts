import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { VideoShare, VideoTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { createVoiceEngines } from '../voice/index.js';
import { createVideoRepositories } from './video.repository.js';
import { createVideoService } from './video.service.js';
import { videoTasks } from './video.table.js';
import { createVideoSpeaker } from './video-speaker.js';

/**
 * Made videos are private media: the task answers signed links of 600 s (the same as other private files),
 * nothing is under the public `/uploads/`, only the owner can get a link, and a video shared to the plaza gets
 * a public copy anyone can watch. Videos made before are moved to private storage by a sweep.
 */
describe('the files of made videos', { timeout: 180_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  let task: VideoTask;

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 50 });
    demo = bearer(await tokenFor(app, 'demo'));
    other = bearer(await tokenFor(app, 'demovip'));
    await addDictItems(app, [smallVideoTemplate('test-tiny')]);
    const accepted = json<VideoTask>(
      await app.inject({
        method: 'POST',
        url: '/api/articleToVideo/add',
        headers: demo,
        payload: {
          title: '春天',
          text: '春天来了。',
          templateId: 'test-tiny',
          voice: 'espeak-cmn-f3',
          bgmId: null,
        },
      }),
    ).result;
    for (let i = 0; i < 1200; i++) {
      task = await detail(accepted.id);
      if (!['queued', 'running'].includes(task.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
  });
  afterAll(async () => {
    await app?.close();
  });

  const detail = async (id: number, headers = demo) =>
    json<VideoTask>(await app.inject({ method: 'GET', url: `/api/articleToVideo/detail?id=${id}`, headers }))
      .result;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const row = async () =>
    (await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, task.id)))[0]!;
  const service = () =>
    createVideoService({
      db: app.platform.db,
      store: createVideoRepositories(app.platform.db),
      clock: app.platform.clock,
      jobs: app.platform.jobs,
      storage: app.platform.storage,
      censor: app.platform.censor,
      speaker: createVideoSpeaker({ db: app.platform.db, engines: createVoiceEngines(app.platform.config) }),
      cacheDir: path.join(os.tmpdir(), 'video-private-files-test'),
      scoreAudio: { fileFor: async () => null },
      drawAvailable: async () => true,
    });

  it('answers signed links, not public URLs; the file needs its signature', async () => {
    const { videoKey, coverKey, filesPrivate } = await row();
    expect(filesPrivate).toBe(true);
    for (const url of [task.videoUrl!, task.coverUrl!]) {
      expect(url).toMatch(/^\/files\/private\/[^?]+\?expires=\d+&sig=[\w-]+$/);
      expect(url).not.toContain('/uploads/');
    }
    // Nothing of it is public.
    for (const key of [videoKey!, coverKey!]) {
      expect(await app.platform.storage.read(key, 'public')).toBeNull();
      expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
      expect((await get(`/files/public/${key}`)).statusCode).toBe(404);
    }
    // Without the signature, with a wrong one, or with a later expiry it signed not: refused.
    const bare = task.videoUrl!.split('?')[0]!;
    const expires = Number(/expires=(\d+)/.exec(task.videoUrl!)![1]);
    const sig = /sig=([\w-]+)/.exec(task.videoUrl!)![1]!;
    for (const url of [
      bare,
      `${bare}?expires=${expires}&sig=${sig.slice(1)}A`,
      `${bare}?expires=${expires + 86400}&sig=${sig}`,
    ])
      expect((await get(url)).statusCode, url).toBe(403);
    // With it: the MP4, anonymously (it is the link that grants access).
    const video = await get(task.videoUrl!);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toContain('video/mp4');
    expect(video.rawPayload.length).toBe(
      statSync(path.join(app.platform.dataDir, 'private', videoKey!)).size,
    );
    expect(video.headers['cache-control']).toContain('private');
    // Players seek (and Safari plays at all) with byte ranges.
    expect(video.headers['accept-ranges']).toBe('bytes');
    const ranged = await get(task.videoUrl!, { range: 'bytes=0-99' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${video.rawPayload.length}`);
    expect(ranged.rawPayload).toEqual(video.rawPayload.subarray(0, 100));
    expect((await get(task.coverUrl!)).headers['content-type']).toContain('image/jpeg');
    // The list answers the same kind of links.
    const page = json<{ items: VideoTask[] }>(
      await app.inject({ method: 'POST', url: '/api/articleToVideo/page', headers: demo, payload: {} }),
    ).result;
    expect(page.items.find((t) => t.id === task.id)!.videoUrl).toMatch(/^\/files\/private\//);
  });

  it('another user gets no link to it, nor a public copy', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `/api/articleToVideo/detail?id=${task.id}`, headers: other }))
        .statusCode,
    ).toBe(404);
    const share = await app.inject({
      method: 'POST',
      url: '/api/articleToVideo/share',
      headers: other,
      payload: { id: task.id },
    });
    expect(share.statusCode).toBe(404);
    const theirs = json<{ items: VideoTask[] }>(
      await app.inject({ method: 'POST', url: '/api/articleToVideo/page', headers: other, payload: {} }),
    ).result;
    expect(theirs.items.some((t) => t.id === task.id)).toBe(false);
    expect(await app.platform.storage.read((await row()).videoKey!, 'public')).toBeNull();
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/articleToVideo/share',
      payload: { id: task.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shared to the plaza, it stays viewable by anyone, logged in or not', async () => {
    const urls = json<VideoShare>(
      await app.inject({
        method: 'POST',
        url: '/api/articleToVideo/share',
        headers: demo,
        payload: { id: task.id },
      }),
    ).result;
    expect(urls.videoUrl).toMatch(/^\/uploads\/video\/.+\.mp4$/);
    // Asked again (a second plaza work), the same public copy.
    const again = await app.inject({
      method: 'POST',
      url: '/api/articleToVideo/share',
      headers: demo,
      payload: { id: task.id },
    });
    expect(json<VideoShare>(again).result).toEqual(urls);
    expect(urls.coverUrl).toMatch(/^\/uploads\/video\/.+\.jpg$/);
    const work = json<{ id: number }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysArticle/add',
        headers: demo,
        payload: {
          title: task.title,
          content: task.title,
          categoryId: 5,
          cover: urls.coverUrl,
          images: [urls.coverUrl],
          media: { type: 'video', url: urls.videoUrl, poster: urls.coverUrl, duration: task.duration },
        },
      }),
    ).result;
    const seen = json<{ media: { url: string; poster: string | null } }>(
      await get(`/api/sysArticle/detail?id=${work.id}`),
    ).result;
    expect(seen.media.url).toBe(urls.videoUrl);
    const played = await get(seen.media.url);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.length).toBeGreaterThan(1000);
    expect((await get(seen.media.poster!)).statusCode).toBe(200);
    // The owner's own task still answers signed links.
    expect((await detail(task.id)).videoUrl).toMatch(/^\/files\/private\//);
  });

  it('a video made before videos were private keeps working, and the sweep makes it private', async () => {
    // As an older task: its files public only.
    const { videoKey, coverKey } = await row();
    await app.platform.db.update(videoTasks).set({ filesPrivate: false }).where(eq(videoTasks.id, task.id));
    for (const key of [videoKey!, coverKey!]) await app.platform.storage.backend.delete(key, 'private');
    const old = await detail(task.id);
    expect(old.videoUrl).toBe(`/uploads/${videoKey}`);
    expect((await get(old.videoUrl!)).statusCode).toBe(200);

    expect(await service().moveFilesToPrivate()).toBe(1);
    expect(await service().moveFilesToPrivate()).toBe(0);
    const moved = await detail(task.id);
    expect(moved.videoUrl).toMatch(/^\/files\/private\//);
    expect((await get(moved.videoUrl!)).statusCode).toBe(200);
    // Still shown by the plaza work shared above: its public copy stays.
    expect((await get(`/uploads/${videoKey}`)).statusCode).toBe(200);
  });

  it('an older video nobody shared loses its public copy when moved', async () => {
    const { videoKey, coverKey } = await row();
    // The plaza work shared above is deleted by its author.
    const works = json<{ items: { id: number }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysArticle/page',
        headers: demo,
        payload: { mine: true, pageSize: 50 },
      }),
    ).result.items;
    for (const work of works) {
      await app.inject({
        method: 'POST',
        url: '/api/sysArticle/delete',
        headers: demo,
        payload: { id: work.id },
      });
    }
    await app.platform.db.update(videoTasks).set({ filesPrivate: false }).where(eq(videoTasks.id, task.id));
    expect(await service().moveFilesToPrivate()).toBe(1);
    for (const key of [videoKey!, coverKey!]) {
      expect(await app.platform.storage.read(key, 'public')).toBeNull();
      expect(await app.platform.storage.read(key, 'private')).not.toBeNull();
    }
    expect((await get(`/uploads/${videoKey}`)).statusCode).toBe(404);
  });
});
