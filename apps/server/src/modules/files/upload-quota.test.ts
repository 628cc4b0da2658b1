import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID, type StoredFile, type UploadUsage } from '@app/contract';
import { fixedClock } from '../../platform/clock.js';
import { files } from '../../platform/storage/file.table.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { tokenFor } from '../../test/tokens.js';
import { api, newUser } from '../../test/commerce.js';
import { multipart } from '../../test/uploads.js';

const clock = fixedClock('2026-03-01T08:00:00Z');
const work = mkdtempSync(path.join(tmpdir(), 'upload-quota-'));
const DAY = 86_400_000;

/** A real MP4 of about 0.9 MB (noisy frames keep the encoder from shrinking it). */
const video = () => {
  const file = path.join(work, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=3'],
    ...['-vf', 'noise=alls=100:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '1600k'],
    ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
  ]);
  return readFileSync(file);
};

describe('per-user upload storage quota and daily volume (category=tool included)', () => {
  let app: TestApp;
  let clip: Buffer;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    clip = video();
    expect(clip.length).toBeGreaterThan(600 * 1024);
    expect(clip.length).toBeLessThan(1024 * 1024);
    const admin = await tokenFor(app, 'admin');
    const set = await api(app, 'POST', '/api/console/app-config', admin, {
      values: { uploadQuota: { storageMb: 1, dailyMb: 1, vipStorageMb: 2, vipDailyMb: 2 } },
    });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  });

  const upload = (token: string, language = 'zh-Hans') => {
    const body = multipart([{ field: 'file', name: 'clip.mp4', type: 'video/mp4', data: clip }]);
    return app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments?category=tool',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language, ...body.headers },
      payload: body.payload,
    });
  };
  const usage = async (token: string) =>
    (await api<UploadUsage>(app, 'GET', '/api/sysCommonInfo/uploadUsage', token)).result;
  const rowsOf = async (uid: number) =>
    (await app.platform.db.select().from(files).where(and(eq(files.userId, uid), eq(files.category, 'tool'))))
      .length;

  it('refuses the upload past the storage quota with the limit in the message, storing nothing', async () => {
    const u = await newUser(app);
    expect((await upload(u.token)).statusCode).toBe(200);
    expect(await usage(u.token)).toEqual({
      usedBytes: clip.length,
      quotaBytes: 1024 * 1024,
      todayBytes: clip.length,
      dailyBytes: 1024 * 1024,
      vip: false,
    });
    const refused = await upload(u.token);
    expect(refused.statusCode).toBe(400);
    const body = json<{ message: string }>(refused);
    expect(body.extras?.error).toBe('upload_quota_exceeded');
    expect(body.message).toContain('上传空间不足（上限 1MB');
    const en = json<{ message: string }>(await upload(u.token, 'en'));
    expect(en.message).toContain('not enough upload space (limit 1MB');
    expect(await rowsOf(u.uid)).toBe(1);
    expect((await usage(u.token)).usedBytes).toBe(clip.length);
  });

  it('a deleted upload frees its space but not the day’s volume; the next day the volume starts again', async () => {
    const u = await newUser(app);
    const first = json<{ files: StoredFile[] }>(await upload(u.token)).result.files[0]!;
    const [row] = await app.platform.db.select().from(files).where(eq(files.id, first.id));
    await app.platform.storage.remove(row!.storageKey, 'public');
    expect(await usage(u.token)).toMatchObject({ usedBytes: 0, todayBytes: clip.length });
    const refused = json<{ message: string }>(await upload(u.token));
    expect(refused.extras?.error).toBe('upload_daily_volume_exceeded');
    expect(refused.message).toContain('今日上传量已达上限（每日 1MB');
    clock.advance(DAY);
    try {
      const next = await app.platform.sessions.start({ uid: u.uid, tenantId: DEFAULT_TENANT_ID, roles: ['user'] });
      expect((await upload(next.accessToken)).statusCode).toBe(200);
      expect(await usage(next.accessToken)).toMatchObject({ usedBytes: clip.length, todayBytes: clip.length });
    } finally {
      clock.set('2026-03-01T08:00:00Z');
    }
  });

  it('a VIP gets the higher limits', async () => {
    const vip = await newUser(app, { vipExpireAt: new Date(clock.now().getTime() + 30 * DAY) });
    expect((await upload(vip.token)).statusCode).toBe(200);
    expect((await upload(vip.token)).statusCode).toBe(200);
    expect(await usage(vip.token)).toMatchObject({ quotaBytes: 2 * 1024 * 1024, vip: true });
    expect(json(await upload(vip.token)).extras?.error).toBe('upload_quota_exceeded');
    expect(await rowsOf(vip.uid)).toBe(2);
  });

  it('concurrent uploads cannot share the same room: one of four is stored', async () => {
    const u = await newUser(app);
    const answers = await Promise.all([0, 1, 2, 3].map(() => upload(u.token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    expect(await rowsOf(u.uid)).toBe(1);
    expect((await usage(u.token)).usedBytes).toBe(clip.length);
  });
});
