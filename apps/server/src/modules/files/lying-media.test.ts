import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { lyingMp3 } from '../../test/lying-mp3.js';
import { subtitlesApi } from '../../test/subtitles.js';
import { createTestUser } from '../../test/tokens.js';
import { multipart } from '../../test/uploads.js';
import { measuredSeconds } from './media-probe.js';

/**
 * Issue 39.1: a real 120 s MP3 whose Xing header claims 60 frames (ffprobe: 4.32 s) is measured by decoding, so
 * the 30 s audio limit holds on every path that takes audio, with the limit in the message.
 */
describe('a lying MP3 header', () => {
  let app: TestApp;
  let user: Record<string, string>;
  let uid = 0;
  const work = mkdtempSync(path.join(tmpdir(), 'lying-media-test-'));
  const lying = lyingMp3(120);
  beforeAll(async () => {
    app = await createTestApp({});
    ({ uid, auth: user } = await createTestUser(app));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the header really lies: ffprobe says 4.32 s, decoding says 120 s', async () => {
    const file = path.join(work, 'lie.mp3');
    writeFileSync(file, lying);
    const header = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration']
      .concat(['-of', 'csv=p=0', file])).toString();
    expect(Number(header)).toBeCloseTo(4.32, 1);
    expect(await measuredSeconds(file)).toBeCloseTo(120, 0);
  });

  it('upload with category=media refuses it: 400 upload_duration_too_long naming 30 s, in the caller’s language', async () => {
    const body = multipart([{ field: 'file', name: 'lie.mp3', type: 'audio/mpeg', data: lying }]);
    for (const [language, message] of [
      ['zh-CN', '上传失败(C)：时长不能超过 30 秒'],
      ['en', 'Upload failed (C): it must not be longer than 30 s.'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysCommonInfo/UploadAttachments?category=media',
        headers: { ...user, ...body.headers, 'accept-language': language },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ extras: { error: 'upload_duration_too_long' }, message });
    }
  });

  it('audioToSrt/add refuses it, sent with the request or stored before the measuring with the header’s 4.32 s', async () => {
    const subtitles = subtitlesApi(app, user);
    const before = (await subtitles.page()).total;
    const sent = await subtitles.upload(lying, { name: 'lie.mp3', text: '今天天气很好' });
    expect(sent.statusCode).toBe(400);
    expect(json(sent)).toMatchObject({
      extras: { error: 'upload_duration_too_long' },
      message: '上传失败(C)：时长不能超过 30 秒',
    });

    // A row an older server wrote from the header: the task measures the stored file again.
    const saved = await app.platform.storage.save({
      tenantId: 1,
      userId: uid,
      category: 'media',
      visibility: 'private',
      body: lying,
      ext: 'mp3',
      mime: 'audio/mpeg',
      kind: 'audio',
      size: lying.length,
      duration: 4.32,
      originalName: 'lie.mp3',
    });
    const byId = await app.inject({
      method: 'POST',
      url: '/api/audioToSrt/add',
      headers: user,
      payload: { fileId: saved.id, text: '今天天气很好' },
    });
    expect(byId.statusCode).toBe(400);
    expect(json(byId).extras?.error).toBe('upload_duration_too_long');
    expect((await subtitles.page()).total).toBe(before);
  });

  it('an honest short clip still passes, its duration measured', async () => {
    const honest = lyingMp3(3, 0x7fffffff);
    const body = multipart([{ field: 'file', name: 'ok.mp3', type: 'audio/mpeg', data: honest }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments?category=media',
      headers: { ...user, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const file = json<{ files: StoredFile[] }>(res).result.files[0]!;
    expect(file.duration).toBeGreaterThan(2.9);
    expect(file.duration).toBeLessThan(3.3);
  });
});
