import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { VideoStoryboard, VideoTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { addDictItems, smallVideoTemplate } from '../../test/dictionary.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { unzip } from '../../test/unzip.js';
import { waitFor } from '../../test/wait.js';
import { lineTimes, type ProjectDescription } from './video-project.js';
import { videoTasks } from './video.table.js';

const SMALL = 'project-small';
const ARTICLE = '早上坐高铁去了杭州。\n中午在湖边吃了西湖醋鱼。\n晚上苏堤亮起了灯。';
const letters = (text: string) => text.replace(/[\p{P}\p{S}\s]/gu, '');

/** The streams ffprobe finds in a file (`video`, `audio`), and its duration; null when it cannot read it. */
const probe = (file: string) => {
  const run = spawnSync('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file],
  ]);
  if (run.status !== 0) return null;
  const out = JSON.parse(run.stdout.toString()) as {
    streams: { codec_type: string }[];
    format: { duration?: string };
  };
  return { kinds: out.streams.map((s) => s.codec_type), seconds: Number(out.format.duration ?? 0) };
};

/** SRT cues as `{ start, end, text }` (seconds). */
const parseSrt = (srt: string) =>
  srt
    .trim()
    .split(/\r?\n\r?\n/)
    .map((block) => {
      const [, times, ...text] = block.split(/\r?\n/);
      const [start, end] = times!.split(' --> ').map((t) => {
        const [h, m, s] = t.replace(',', '.').split(':').map(Number);
        return h! * 3600 + m! * 60 + s!;
      });
      return { start: start!, end: end!, text: text.join('\n') };
    });

describe('下载工程包: a finished video as a project zip', { timeout: 300_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'video-project-'));

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 100 });
    demo = bearer(await tokenFor(app, 'demo'));
    other = bearer(await tokenFor(app, 'demovip'));
    await addDictItems(app, [smallVideoTemplate(SMALL)]);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/articleToVideo/${url}`,
      headers: demo,
      remoteAddress: freshIp(),
      payload,
    });
  const get = <T>(url: string) =>
    app.inject({ method: 'GET', url: `/api/articleToVideo/${url}`, headers: demo }).then((r) => json<T>(r));
  const download = (id: number, headers = demo) =>
    app.inject({ method: 'GET', url: `/api/articleToVideo/project?id=${id}`, headers });

  it('holds each scene’s picture and voice, the SRT and ASS of the video, the music and a description', async () => {
    const created = await post('storyboard/create', {
      templateId: SMALL,
      voice: 'espeak-cmn-f3',
      text: ARTICLE,
      bgmId: 'bgm-morning',
      subtitleStyle: 'outlined',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = json<VideoStoryboard>(created).result.task.id;
    let board: VideoStoryboard | undefined;
    await waitFor(async () => {
      board = (await get<VideoStoryboard>(`storyboard/detail?id=${id}`)).result;
      return board.scenes.every((s) => s.status === 'ready');
    }, 90_000);

    // Not rendered yet: no project to download; nor for anyone else, ever.
    const early = await download(id);
    expect(early.statusCode).toBe(400);
    expect(json(early).extras).toMatchObject({ error: 'video_project_unavailable' });

    expect((await post('storyboard/render', { id })).statusCode).toBe(200);
    let task: VideoTask | undefined;
    await waitFor(async () => {
      task = (await get<VideoTask>(`detail?id=${id}`)).result;
      return ['succeeded', 'failed'].includes(task.status);
    }, 150_000);
    expect(task!.status, JSON.stringify(task!.error)).toBe('succeeded');
    expect((await download(id, other)).statusCode).toBe(404);

    const res = await download(id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toContain(`video-${id}-project.zip`);
    const out = path.join(dir, 'out');
    const names = await unzip(res.rawPayload, out);
    expect(names.slice(0, 2)).toEqual(['README.txt', 'project.json']);

    const description = JSON.parse(
      readFileSync(path.join(out, 'project.json'), 'utf8'),
    ) as ProjectDescription;
    expect(description.aiGenerated).toBe(true);
    expect(description.scenes.map((s) => s.text)).toEqual(board!.scenes.map((s) => s.line));
    for (const scene of description.scenes) {
      expect(scene.picture, scene.text).toMatch(/^scenes\/\d{2}-picture\.\w+$/);
      expect(scene.voice, scene.text).toMatch(/^scenes\/\d{2}-voice\.mp3$/);
      expect(probe(path.join(out, scene.picture!))?.kinds, scene.picture!).toContain('video');
      const voice = probe(path.join(out, scene.voice!));
      expect(voice?.kinds, scene.voice!).toEqual(['audio']);
      expect(Math.abs(voice!.seconds - scene.seconds!), scene.voice!).toBeLessThan(0.15);
      // Each line's place in the video: after the last one's.
      expect(scene.start).not.toBeNull();
      expect(scene.end!).toBeGreaterThan(scene.start!);
    }
    const starts = description.scenes.map((s) => s.start!);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(probe(path.join(out, description.music!))?.kinds).toEqual(['audio']);
    expect(probe(path.join(out, 'video.mp4'))?.kinds).toEqual(expect.arrayContaining(['video', 'audio']));
    expect(probe(path.join(out, 'cover.jpg'))?.kinds).toContain('video');
    expect(names).toEqual(
      expect.arrayContaining(['subtitles.srt', 'subtitles.ass', 'video.mp4', 'cover.jpg', description.music]),
    );

    // The SRT is the video's own cues: same text, same times.
    const [row] = await app.platform.db.select().from(videoTasks).where(eq(videoTasks.id, id));
    const srt = parseSrt(readFileSync(path.join(out, 'subtitles.srt'), 'utf8'));
    expect(srt.map((c) => c.text)).toEqual(row!.cues.map((c) => c.text));
    for (const [i, cue] of srt.entries()) {
      expect(Math.abs(cue.start - row!.cues[i]!.start)).toBeLessThan(0.002);
      expect(Math.abs(cue.end - row!.cues[i]!.end)).toBeLessThan(0.002);
    }
    expect(letters(srt.map((c) => c.text).join(''))).toBe(letters(board!.scenes.map((s) => s.line).join('')));
    const ass = readFileSync(path.join(out, 'subtitles.ass'), 'utf8');
    expect(ass).toContain('[Events]');
    expect(ass.match(/^Dialogue: 0,/gm)).toHaveLength(srt.length);

    // The README, in the caller's language, says the content is AI-generated and lists every file.
    const readme = readFileSync(path.join(out, 'README.txt'), 'utf8');
    expect(readme).toContain('人工智能生成');
    for (const scene of description.scenes) expect(readme).toContain(scene.voice!);
  });

  it('finds each line’s place in the video from the cues that spell it', () => {
    const cues = [
      { start: 0.5, end: 1.2, text: '早上坐高铁' },
      { start: 1.2, end: 2, text: '去了杭州。' },
      { start: 2.3, end: 3.1, text: '中午吃鱼。' },
    ];
    expect(lineTimes(['早上坐高铁去了杭州。', '中午吃鱼。'], cues)).toEqual([
      { start: 0.5, end: 2 },
      { start: 2.3, end: 3.1 },
    ]);
    // A line the cues do not spell, and every line after it, has no place.
    expect(lineTimes(['早上坐飞机去了杭州。', '中午吃鱼。'], cues)).toEqual([null, null]);
  });
});
