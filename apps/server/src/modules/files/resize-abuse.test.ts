import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@app/contract';
import { createLocalStorage } from '../../platform/storage/local-storage.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { S3RVER_KEY, startS3rver } from '../../test/s3rver.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { multipart } from '../../test/uploads.js';
import { createResizeCache } from './resize-cache.js';
import { createResizeGate } from './resize-gate.js';
import { snapSize } from './image-resize.js';

/** A photo-like JPEG under the 1 MB upload limit (random noise compresses badly, as photos do). */
const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .jpeg({ quality: 40 })
    .toBuffer();

/** Files under a folder and their bytes. */
const cacheFiles = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => statSync(path.join(e.parentPath, e.name)).size);
  } catch {
    return [];
  }
};
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** Issue 39.3: the anonymous resizer: sizes snap to a small set, its cache has a cap, its CPU a budget per client. */
describe('the anonymous resizer under attack', { timeout: 120_000 }, () => {
  const CAP_MB = 0.5;
  const cap = CAP_MB * 1024 * 1024;

  const uploadAll = async (app: TestApp, images: Buffer[]) => {
    const user = bearer(await tokenFor(app, 'demo'));
    const urls: string[] = [];
    for (const data of images) {
      const body = multipart([{ field: 'file', name: 'p.jpg', type: 'image/jpeg', data }]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysCommonInfo/UploadAttachments',
        headers: { ...user, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      urls.push(json<{ files: StoredFile[] }>(res).result.files[0]!.url);
    }
    return urls;
  };
  const resize = (app: TestApp, url: string, query: string, ip = '198.51.100.7') =>
    app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?${query}&url=${encodeURIComponent(url)}`,
      remoteAddress: ip,
    });

  describe('on local disk', () => {
    let app: TestApp;
    let urls: string[];
    let cacheDir: string;
    beforeAll(async () => {
      app = await createTestApp({ RESIZE_CACHE_MAX_MB: CAP_MB });
      cacheDir = path.join(app.platform.dataDir, 'cache', 'private', 'resize');
      urls = await uploadAll(app, await Promise.all([noise(800, 450), noise(450, 800), noise(600, 600)]));
    });
    afterAll(() => app?.close());

    it('sizes snap up to a small set that holds the default 500×500', () => {
      expect([snapSize(1), snapSize(500), snapSize(501), snapSize(1500), snapSize(1501), snapSize(2000)]).toEqual(
        [100, 500, 750, 1500, 2000, 2000],
      );
    });

    it('300 random sizes from 1500 to 2000 make at most 4 copies of an image, all answered', async () => {
      for (let i = 0; i < 300; i++) {
        const res = await resize(app, urls[0]!, `width=${random(1500, 2000)}&height=${random(1500, 2000)}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
      }
      const files = cacheFiles(cacheDir);
      expect(files.length).toBeGreaterThan(0);
      expect(files.length).toBeLessThanOrEqual(4);
    });

    it('the cache stays under its cap (RESIZE_CACHE_MAX_MB) while sizes, modes and images vary', async () => {
      for (let i = 0; i < 16; i++) {
        const url = urls[i % urls.length]!;
        const res = await resize(
          app,
          url,
          `width=${random(100, 1000)}&height=${random(100, 1000)}&mode=${random(0, 3)}`,
          `203.0.113.${i}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const files = cacheFiles(cacheDir);
        expect(files.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(cap);
      }
    });
  });

  it('the cache evicts the least recently used copy, also as found in the store after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'resize-cache-test-'));
    try {
      const backend = createLocalStorage(dir);
      const cache = createResizeCache({ backend, prefix: 'resize/', maxBytes: 250 });
      const bytes = (fill: number) => Buffer.alloc(100, fill);
      await cache.put('aa01', bytes(1), 'image/jpeg');
      await cache.put('bb02', bytes(2), 'image/jpeg');
      expect((await cache.get('aa01'))?.[0]).toBe(1); // aa01 is now the most recent
      await cache.put('cc03', bytes(3), 'image/jpeg'); // 300 bytes > 250: bb02 goes
      expect(await cache.get('bb02')).toBeNull();
      expect(cache.size()).toEqual({ files: 2, bytes: 200 });
      expect((await backend.list('resize/', 'private')).map((o) => o.key).sort()).toEqual([
        'resize/aa/aa01',
        'resize/cc/cc03',
      ]);
      // A process started with a smaller cap trims what it finds, the oldest written first.
      const older = new Date(Date.now() - 60_000);
      const { utimesSync } = await import('node:fs');
      utimesSync(path.join(dir, 'private', 'resize', 'aa', 'aa01'), older, older);
      const restarted = createResizeCache({ backend, prefix: 'resize/', maxBytes: 150 });
      expect((await restarted.get('cc03'))?.[0]).toBe(3);
      expect(await restarted.get('aa01')).toBeNull();
      expect(restarted.size()).toEqual({ files: 1, bytes: 100 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('each client has a CPU budget: past it, or with a resize already running, 429 image_resize_busy', async () => {
    let clock = 0;
    const gate = createResizeGate({ budgetMs: 50, refillMsPerSecond: 10, queueMax: 8, now: () => clock });
    /** 80 ms of CPU, as a resize spends it (counted in CPU time: the machine may be shared). */
    const burn = async () => {
      const start = process.cpuUsage();
      const spent = () => {
        const { user, system } = process.cpuUsage(start);
        return (user + system) / 1000;
      };
      while (spent() < 80);
      return 'done';
    };
    expect(await gate.run('a', burn)).toBe('done');
    // Its 50 ms are spent (80 ms used): refused until they come back, another client is not.
    await expect(gate.run('a', burn)).rejects.toMatchObject({ id: 'image_resize_busy', status: 429 });
    expect(await gate.run('b', async () => 'b')).toBe('b');
    clock += 10_000; // 10 s: 100 ms back, capped at 50
    expect(await gate.run('a', async () => 'again')).toBe('again');

    let release!: () => void;
    const running = gate.run('c', () => new Promise<string>((resolve) => (release = () => resolve('c'))));
    await expect(gate.run('c', async () => 'twice')).rejects.toMatchObject({ id: 'image_resize_busy' });
    release();
    expect(await running).toBe('c');
  });

  it('on S3 the cache lives in the bucket, under the same cap, and nothing is cached on disk', async () => {
    const s3 = await startS3rver('resize');
    const app = await createTestApp({
      S3_BUCKET: 'resize',
      S3_ENDPOINT: s3.endpoint,
      ...S3RVER_KEY,
      RESIZE_CACHE_MAX_MB: CAP_MB,
    });
    try {
      const urls = await uploadAll(app, await Promise.all([noise(800, 450), noise(600, 600)]));
      for (let i = 0; i < 10; i++) {
        const res = await resize(
          app,
          urls[i % 2]!,
          `width=${random(100, 1000)}&height=${random(100, 1000)}&mode=${i % 4}`,
          `203.0.113.${i}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const cached = await s3.objects('private/cache/resize/');
        expect(cached.length).toBeGreaterThan(0);
        expect(cached.reduce((sum, o) => sum + o.size, 0)).toBeLessThanOrEqual(cap);
      }
      expect(cacheFiles(path.join(app.platform.dataDir, 'private'))).toEqual([]);
      expect(cacheFiles(path.join(app.platform.dataDir, 'cache'))).toEqual([]);
    } finally {
      await app.close();
      await s3.close();
    }
  });
});
