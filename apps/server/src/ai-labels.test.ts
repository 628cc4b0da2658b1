import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawTask, ProvenanceResult, TtsTask, VideoShare, VideoStoryboard, VideoTask } from '@app/contract';
import { aigcXmp } from './platform/aigc/aigc-embed.js';
import { parseAigcJson, parseProduceId, type AigcLabel } from './platform/aigc/aigc-label.js';
import { encodeLabelledPicture } from './platform/aigc/picture-label.js';
import { rhythmPromptPcm } from './modules/voice/tts/ai-lead-in.js';
import { SAMPLE_RATE } from './modules/voice/audio.js';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { addDictItems, smallVideoTemplate } from './test/dictionary.js';
import { bearer, createTestUser, tokenFor } from './test/tokens.js';
import { freshIp } from './test/auth.js';
import { multipart } from './test/uploads.js';
import { users } from './platform/identity/identity.table.js';
import { videoScenes } from './modules/video/video.table.js';
import { sceneDrawRequest } from './modules/video/pipeline/scene-picture.js';
import { renderOffline } from './modules/drawing/index.js';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 150_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
const over = (t: { status: string }) => ['succeeded', 'failed', 'canceled'].includes(t.status);

/** The AIGC field as exiftool reads it, by the tag each format keeps it in. */
const exiftoolLabel = (file: string): AigcLabel | null => {
  const out = spawnSync('exiftool', ['-j', '-G1', file], { encoding: 'utf8' });
  const [tags] = JSON.parse(out.stdout) as Record<string, string>[];
  const value =
    tags!['XMP-TC260:Aigc'] ?? tags!['Keys:AIGC'] ?? tags!['ID3v2_3:UserDefinedText']?.replace(/^\(AIGC\) /, '');
  return value ? parseAigcJson(value) : null;
};

/** The AIGC tag of an MP4 or MP3 container as ffprobe reads it. */
const ffprobeLabel = (file: string): AigcLabel | null => {
  const out = spawnSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', file], { encoding: 'utf8' });
  const tag = (JSON.parse(out.stdout) as { format: { tags?: Record<string, string> } }).format.tags?.AIGC;
  return tag ? parseAigcJson(tag) : null;
};

/** The first audio stream of a file as ffprobe reads it (rate, bit rate, length). */
const ffprobeAudio = (file: string) => {
  const out = spawnSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=sample_rate,bit_rate,duration', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  return (JSON.parse(out.stdout) as { streams: { sample_rate: string; bit_rate: string; duration: string }[] }).streams[0]!;
};

/**
 * GB 45438-2025's hidden labels, read back from the real files the app makes with exiftool and ffprobe: a drawing
 * (WebP XMP), a dubbing (ID3v2 TXXX, ASS line), a video (MP4 metadata, its cover's JPEG XMP), PNG iTXt and JPEG
 * APP1; each signature checked with the server's secret; and the console's 内容溯源 on them.
 */
describe('AI labels in the files we make', { timeout: 300_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let admin: Record<string, string>;
  let demoId: number;
  const dir = mkdtempSync(path.join(tmpdir(), 'ai-labels-'));

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 100 });
    demo = bearer(await tokenFor(app, 'demo'));
    admin = bearer(await tokenFor(app, 'admin'));
    const [demoRow] = await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo'));
    demoId = demoRow!.id;
    await addDictItems(app, [smallVideoTemplate('labels-small')]);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const download = async (url: string, name: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, name);
    writeFileSync(file, res.rawPayload);
    return { file, data: res.rawPayload };
  };
  const trace = async (data: Buffer, name: string, headers = admin) => {
    const form = multipart([{ field: 'file', name, type: 'application/octet-stream', data }]);
    return app.inject({
      method: 'POST',
      url: '/api/console/provenance',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const signedFor = (label: AigcLabel | null, kind: string, taskId: number) => {
    expect(label).not.toBeNull();
    expect(label).toMatchObject({ Label: '1', ContentProducer: 'AI创作家' });
    expect(app.platform.aigc.verify(label!)).toEqual({ produced: true, propagation: null });
    expect(parseProduceId(label!.ProduceID)).toMatchObject({ kind, taskId, userId: demoId });
  };

  /** A label of ours that the plaza spread: both signatures hold, and it names the plaza work. */
  const spreadAs = (label: AigcLabel | null, kind: string, taskId: number, propagateId: string) => {
    expect(label).toMatchObject({ ContentPropagator: 'AI创作家', PropagateID: propagateId });
    expect(app.platform.aigc.verify(label!)).toEqual({ produced: true, propagation: true });
    expect(parseProduceId(label!.ProduceID)).toMatchObject({ kind, taskId, userId: demoId });
  };

  let drawing: { file: string; data: Buffer; taskId: number };

  it('a drawing: WebP XMP, signed, leading back to its task; the console names the task and its owner', async () => {
    const added = json<DrawTask>(
      await app.inject({ method: 'POST', url: '/api/aiDraw/imagine', headers: demo, payload: { prompt: '夕阳下的城市', seed: 3 } }),
    ).result;
    const done = await waitFor(
      async () =>
        json<DrawTask>(await app.inject({ method: 'GET', url: `/api/aiDraw/detail?id=${added.id}`, headers: demo }))
          .result,
      over,
    );
    expect(done.status).toBe('succeeded');
    const { file, data } = await download(done.images[0]!.url, 'drawing.webp');
    drawing = { file, data, taskId: added.id };
    signedFor(exiftoolLabel(file), 'draw', added.id);
    // The thumbnail is a re-encode of the same picture: it keeps the label.
    signedFor(exiftoolLabel((await download(done.images[0]!.thumbUrl, 'thumb.webp')).file), 'draw', added.id);

    const res = await trace(data, 'drawing.webp');
    expect(res.statusCode).toBe(200);
    const found = json<ProvenanceResult>(res).result;
    expect(found).toMatchObject({
      fileKind: 'image',
      found: true,
      ours: true,
      signatureValid: true,
      task: { kind: 'draw', id: added.id, index: 0 },
      user: { id: demoId },
    });
    expect(found.user!.nickName).not.toBe('');
  });

  it('refuses an edited label, reports a file without one, and is for operators only', async () => {
    const label = exiftoolLabel(drawing.file)!;
    // Someone points the label at another task: the signature no longer holds, and nothing is named.
    const forged = { ...label, ProduceID: label.ProduceID.replace(/^draw:(\d+):(\d+):(\d+):/, 'draw:$1:$2:999999:') };
    const edited = await sharp(drawing.data).withXmp(aigcXmp(forged)).webp().toBuffer();
    const refused = json<ProvenanceResult>(await trace(edited, 'edited.webp')).result;
    expect(refused).toMatchObject({ found: true, signatureValid: false, task: null, user: null });
    // The same field edited in place, byte for byte (the file otherwise untouched): the signature fails too.
    const produced = Buffer.from(label.ProduceID);
    const at = drawing.data.indexOf(produced);
    expect(at).toBeGreaterThan(0);
    const inPlace = Buffer.from(drawing.data);
    const userAt = at + label.ProduceID.indexOf(`:${demoId}:`) + 1;
    inPlace[userAt] = inPlace[userAt] === 0x31 ? 0x32 : 0x31;
    expect(json<ProvenanceResult>(await trace(inPlace, 'in-place.webp')).result).toMatchObject({
      found: true,
      signatureValid: false,
      task: null,
    });

    const plain = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(json<ProvenanceResult>(await trace(plain, 'plain.png')).result).toMatchObject({
      fileKind: 'image',
      found: false,
      ours: false,
    });
    expect((await trace(drawing.data, 'drawing.webp', demo)).statusCode).toBe(403);
    const empty = await app.inject({ method: 'POST', url: '/api/console/provenance', headers: admin, payload: {} });
    expect(json(empty).extras?.error).toBe('provenance_file_missing');
  });

  it('an AI picture in a new account’s post: the propagation fields are written when the operator approves it', async () => {
    const author = await createTestUser(app, ['user'], { newPublisher: true });
    // The drawing's picture as a public file of ours (a drawing's public copy is one).
    const saved = await app.platform.storage.save({
      tenantId: 1,
      userId: author.uid,
      category: 'drawing',
      visibility: 'public',
      body: drawing.data,
      ext: 'webp',
      mime: 'image/webp',
      kind: 'image',
      size: drawing.data.length,
    });
    const added = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/add',
      headers: author.auth,
      payload: { title: '城市黄昏', content: '画了一张。', categoryId: 3, images: [saved.url] },
    });
    const work = json<{ id: number; status: string }>(added).result;
    expect(work.status, added.body).toBe('pending');
    // In review it is not spread yet: the file keeps the producer's label alone.
    signedFor(exiftoolLabel((await download(saved.url, 'in-review.webp')).file), 'draw', drawing.taskId);
    const approved = await app.inject({
      method: 'POST',
      url: '/api/console/content/review/approve',
      headers: admin,
      payload: { id: work.id },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const spread = await download(saved.url, 'approved.webp');
    spreadAs(exiftoolLabel(spread.file), 'draw', drawing.taskId, `plaza:${work.id}`);
    // An edited propagation field fails its own signature, the producer's still holds.
    const label = exiftoolLabel(spread.file)!;
    expect(app.platform.aigc.verify({ ...label, PropagateID: 'plaza:1' })).toEqual({ produced: true, propagation: false });
  });

  it('PNG iTXt, JPEG APP1 and WebP XMP of a re-encoded picture (shares, posters) keep the label', async () => {
    const label = exiftoolLabel(drawing.file)!;
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const out = await encodeLabelledPicture(drawing.data, label, format);
      const file = path.join(dir, `again.${format}`);
      writeFileSync(file, out);
      expect(exiftoolLabel(file)).toEqual(label);
      if (format === 'png') {
        const verbose = spawnSync('exiftool', ['-v3', file], { encoding: 'utf8' }).stdout;
        expect(verbose).toMatch(/iTXt/);
      }
      if (format === 'jpeg') expect(spawnSync('exiftool', ['-v2', file], { encoding: 'utf8' }).stdout).toMatch(/APP1/);
      expect(json<ProvenanceResult>(await trace(out, `again.${format}`)).result.task?.id).toBe(drawing.taskId);
    }
  });

  it('a dubbing: the rhythm prompt first (cues after it), ID3v2 TXXX AIGC, and the ASS [Script Info] line', async () => {
    const added = json<TtsTask>(
      await app.inject({
        method: 'POST',
        url: '/api/textToSpeech/add',
        headers: demo,
        payload: { text: '你好，世界！', voice: 'espeak-cmn-f3', speed: 100 },
      }),
    ).result;
    const detail = async () =>
      json<TtsTask>(await app.inject({ method: 'GET', url: `/api/textToSpeech/detail?id=${added.id}`, headers: demo }))
        .result;
    const done = await waitFor(detail, over);
    expect(done.status).toBe('succeeded');
    const rhythmSeconds = rhythmPromptPcm().length / 2 / SAMPLE_RATE;
    // The subtitles follow the lead-in: the first words come after the prompt.
    expect(done.segments[0]!.start).toBeGreaterThanOrEqual(rhythmSeconds - 0.05);
    expect(done.srt).toMatch(/^1\n00:00:0[1-9],\d{3} --> /);
    const { file, data } = await download(done.audioUrl!, 'dub.mp3');
    signedFor(exiftoolLabel(file), 'tts', added.id);
    signedFor(ffprobeLabel(file), 'tts', added.id);
    // Delivered as players expect (44.1/48 kHz, 128 kbps or better) although espeak-ng speaks at 22.05 kHz,
    // and at the voice's own pace: the cues, timed on the PCM, end where the MP3's speech ends.
    const stream = ffprobeAudio(file);
    expect([44100, 48000]).toContain(Number(stream.sample_rate));
    expect(Number(stream.bit_rate)).toBeGreaterThanOrEqual(128_000);
    const lastEnd = done.segments.at(-1)!.end;
    expect(Number(stream.duration)).toBeGreaterThanOrEqual(lastEnd);
    expect(Number(stream.duration) - lastEnd).toBeLessThan(1);
    expect(done.ass).toMatch(/^\[Script Info\]\nAIGC: \{/);
    const assLabel = parseAigcJson(/^AIGC: (.*)$/m.exec(done.ass!)![1]!);
    expect(assLabel).toEqual(exiftoolLabel(file));
    expect(json<ProvenanceResult>(await trace(data, 'dub.mp3')).result).toMatchObject({
      fileKind: 'audio',
      signatureValid: true,
      task: { kind: 'tts', id: added.id },
    });
    const ass = json<ProvenanceResult>(await trace(Buffer.from(done.ass!), 'dub.ass')).result;
    expect(ass).toMatchObject({ fileKind: 'subtitles', signatureValid: true, task: { kind: 'tts', id: added.id } });
  });

  it('a video: MP4 metadata AIGC and its cover JPEG XMP, signed', async () => {
    const added = json<VideoTask>(
      await app.inject({
        method: 'POST',
        url: '/api/articleToVideo/add',
        headers: demo,
        remoteAddress: freshIp(),
        payload: { templateId: 'labels-small', voice: 'espeak-cmn-f3', speed: 100, title: '春天', text: '春天来了。' },
      }),
    ).result;
    const done = await waitFor(
      async () =>
        json<VideoTask>(await app.inject({ method: 'GET', url: `/api/articleToVideo/detail?id=${added.id}`, headers: demo }))
          .result,
      over,
    );
    expect(done.status).toBe('succeeded');
    const video = await download(done.videoUrl!, 'video.mp4');
    signedFor(exiftoolLabel(video.file), 'video', added.id);
    signedFor(ffprobeLabel(video.file), 'video', added.id);
    signedFor(exiftoolLabel((await download(done.coverUrl!, 'cover.jpg')).file), 'video', added.id);
    expect(json<ProvenanceResult>(await trace(video.data, 'video.mp4')).result).toMatchObject({
      fileKind: 'video',
      signatureValid: true,
      task: { kind: 'video', id: added.id },
    });

    // Shared to the plaza: the files everyone can download gain our propagation fields, naming the plaza work.
    const shared = json<VideoShare>(
      await app.inject({ method: 'POST', url: '/api/articleToVideo/share', headers: demo, payload: { id: added.id } }),
    ).result;
    const work = json<{ id: number; status: string }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysArticle/add',
        headers: demo,
        payload: {
          title: '春天',
          content: '春天来了。',
          categoryId: 5,
          cover: shared.coverUrl,
          images: [shared.coverUrl],
          media: { type: 'video', url: shared.videoUrl, poster: shared.coverUrl, duration: done.duration },
        },
      }),
    ).result;
    expect(work.status).toBe('published');
    const spread = await download(shared.videoUrl, 'spread.mp4');
    spreadAs(exiftoolLabel(spread.file), 'video', added.id, `plaza:${work.id}`);
    spreadAs(ffprobeLabel(spread.file), 'video', added.id, `plaza:${work.id}`);
    spreadAs(exiftoolLabel((await download(shared.coverUrl!, 'spread.jpg')).file), 'video', added.id, `plaza:${work.id}`);
    expect(json<ProvenanceResult>(await trace(spread.data, 'spread.mp4')).result).toMatchObject({
      signatureValid: true,
      propagationValid: true,
      task: { kind: 'video', id: added.id },
    });
    // The owner's own copy is not the plaza's: it keeps the producer's label alone.
    signedFor(ffprobeLabel(video.file), 'video', added.id);
  });

  it('a storyboard’s drawn scene picture: the visible label in its corner, the hidden one naming the scene', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/articleToVideo/storyboard/create',
      headers: demo,
      remoteAddress: freshIp(),
      payload: { templateId: 'labels-small', voice: 'espeak-cmn-f3', text: '海边的日落。', bgmId: null, imageSource: 'draw' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = json<VideoStoryboard>(res).result.task.id;
    const board = await waitFor(
      async () =>
        json<VideoStoryboard>(
          await app.inject({ method: 'GET', url: `/api/articleToVideo/storyboard/detail?id=${taskId}`, headers: demo }),
        ).result,
      (b) => b.scenes.every((scene) => scene.status !== 'pending'),
    );
    const scene = board.scenes[0]!;
    expect(scene).toMatchObject({ pictureKind: 'generated', status: 'ready' });
    const { file, data } = await download(scene.pictureUrl!, 'scene.jpg');
    const label = exiftoolLabel(file);
    signedFor(label, 'scene', taskId);
    expect(parseProduceId(label!.ProduceID)!.index).toBe(scene.position);
    expect(json<ProvenanceResult>(await trace(data, 'scene.jpg')).result).toMatchObject({
      signatureValid: true,
      task: { kind: 'scene', id: taskId, index: scene.position },
    });

    // The same picture drawn again from its seed, unlabelled: the stored one differs in its bottom-right corner
    // (the "AI生成" plate) and nowhere else.
    const [row] = await app.platform.db.select().from(videoScenes).where(eq(videoScenes.id, scene.id));
    const raw = await renderOffline(sceneDrawRequest(scene.line, { width: 270, height: 480 }, Number(row!.pictureRef)), 0);
    const meta = await sharp(data).metadata();
    const pixels = async (picture: Buffer) =>
      sharp(picture).resize(meta.width, meta.height).removeAlpha().greyscale().raw().toBuffer();
    const [stored, plain] = await Promise.all([pixels(data), pixels(raw)]);
    const meanDiff = (x0: number, y0: number, x1: number, y1: number) => {
      let sum = 0;
      for (let y = Math.floor(y0 * meta.height!); y < y1 * meta.height!; y++)
        for (let x = Math.floor(x0 * meta.width!); x < x1 * meta.width!; x++)
          sum += Math.abs(stored[y * meta.width! + x]! - plain[y * meta.width! + x]!);
      return sum / (((x1 - x0) * meta.width! * (y1 - y0) * meta.height!) | 1);
    };
    expect(meanDiff(0.7, 0.9, 1, 1)).toBeGreaterThan(25);
    expect(meanDiff(0, 0, 0.6, 0.8)).toBeLessThan(6);
  });
});
