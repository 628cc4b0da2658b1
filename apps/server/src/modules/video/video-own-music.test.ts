import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VideoTask } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs/job.table.js';
import { freshIp } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { formData, png } from '../../test/uploads.js';
import { waitFor } from '../../test/wait.js';
import { videoTasks } from './video.table.js';

const SMALL = 'own-music-small';

/**
 * A video with the user's own music: an audio file they uploaded (media class, its limits checked again when
 * the video is made), at the volumes they chose; anyone else's file, or a picture, is refused.
 */
describe('a video with my own music', { timeout: 120_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let vip: Record<string, string>;
  const dir = mkdtempSync(path.join(tmpdir(), 'own-music-'));

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 100 });
    demo = bearer(await tokenFor(app, 'demo'));
    vip = bearer(await tokenFor(app, 'demovip'));
    await addDictItems(app, [smallVideoTemplate(SMALL)]);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

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
  const add = (body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/articleToVideo/add',
      headers: demo,
      remoteAddress: freshIp(),
      payload: { templateId: SMALL, voice: 'espeak-cmn-f3', text: '春天来了。', ...body },
    });

  /** An MP3 of a steady 1234 Hz tone (easy to find again in the video's sound). */
  const tone = () => {
    const file = path.join(dir, 'tone.mp3');
    const made = spawnSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=f=1234:d=3',
      file,
    ]);
    expect(made.status).toBe(0);
    return readFileSync(file);
  };

  it("refuses another user's file and a file that is not audio, changing nothing", async () => {
    const before = (await app.platform.db.select().from(videoTasks)).length;
    const notMine = await upload(vip, { name: 'tone.mp3', type: 'audio/mpeg', data: tone() });
    const picture = await upload(demo, { name: 'a.png', type: 'image/png', data: await png(64, 64) });
    for (const musicFileId of [notMine, picture, 99_999_999]) {
      const res = await add({ musicFileId });
      expect(res.statusCode, String(musicFileId)).toBe(400);
      expect(json(res).extras?.error).toBe('video_music_file_invalid');
    }
    const invalidVolume = await add({ voiceVolume: 201 });
    expect(invalidVolume.statusCode).toBe(400);
    expect((await app.platform.db.select().from(videoTasks)).length).toBe(before);
  });

  it('renders my uploaded music under the voice at the volumes I chose', async () => {
    const musicFileId = await upload(demo, { name: 'tone.mp3', type: 'audio/mpeg', data: tone() });
    const res = await add({ musicFileId, voiceVolume: 80, musicVolume: 200 });
    expect(res.statusCode).toBe(200);
    const accepted = json<VideoTask>(res).result;
    // The job carries the stored file and the mix (not a URL anyone could swap).
    const [task] = await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, accepted.id));
    const [job] = await app.platform.db.select().from(jobs).where(eq(jobs.id, task!.jobId!));
    expect(job!.payload).toMatchObject({
      music: { stored: { visibility: 'private' } },
      mix: { voice: 80, music: 200 },
    });
    let done = accepted;
    await waitFor(async () => {
      done = json<VideoTask>(
        await app.inject({
          method: 'GET',
          url: `/api/articleToVideo/detail?id=${accepted.id}`,
          headers: demo,
        }),
      ).result;
      return ['succeeded', 'failed'].includes(done.status);
    }, 90_000);
    expect(done.status).toBe('succeeded');
    const { pathname } = new URL(done.videoUrl!, 'http://localhost');
    const video = path.join(app.platform.dataDir, 'private', pathname.slice('/files/private/'.length));
    // The tone is there: a narrow band around 1234 Hz carries clear sound.
    const band = spawnSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-i',
        video,
        '-vn',
        '-af',
        'bandpass=f=1234:width_type=h:w=30,volumedetect',
        '-f',
        'null',
        '-',
      ],
      { encoding: 'utf8' },
    );
    const mean = Number(/mean_volume:\s*(-?[\d.]+) dB/.exec(band.stderr)![1]);
    expect(mean).toBeGreaterThan(-40);
  });
});
