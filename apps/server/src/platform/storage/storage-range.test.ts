import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_KEY, startS3rver } from '../../test/s3rver.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import { parseRangeHeader, type StorageBackend } from './storage.js';

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const drain = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('byte ranges of stored files (media players seek with them)', () => {
  it('reads the one range a player asks for, and nothing it cannot serve', () => {
    expect(parseRangeHeader('bytes=0-1')).toEqual({ start: 0, end: 1 });
    expect(parseRangeHeader('bytes=500-')).toEqual({ start: 500 });
    for (const header of [
      undefined,
      '',
      'bytes=-500',
      'bytes=5-1',
      'bytes=0-1,5-9',
      'items=0-1',
      'bytes=a-b',
    ])
      expect(parseRangeHeader(header), String(header)).toBeNull();
  });

  let s3: Awaited<ReturnType<typeof startS3rver>>;
  const dir = mkdtempSync(path.join(tmpdir(), 'storage-range-'));
  const backends: [string, () => StorageBackend][] = [];
  beforeAll(async () => {
    s3 = await startS3rver('ranges');
    backends.push(
      ['local', () => createLocalStorage(dir)],
      [
        's3',
        () =>
          createS3Storage({
            bucket: 'ranges',
            endpoint: s3.endpoint,
            region: 'us-east-1',
            accessKeyId: S3RVER_KEY.S3_ACCESS_KEY_ID,
            secretAccessKey: S3RVER_KEY.S3_SECRET_ACCESS_KEY,
            forcePathStyle: true,
          }),
      ],
    );
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['local', 's3'])('%s: a range, an open range, one past the end, none', async (name) => {
    const backend = backends.find(([n]) => n === name)![1]();
    await backend.put('video/a.mp4', 'private', bytes, 'video/mp4');
    const part = (await backend.read('video/a.mp4', 'private', { start: 10, end: 19 }))!;
    expect(part.range).toEqual({ start: 10, end: 19 });
    expect(part.size).toBe(1000);
    expect(await drain(part.stream)).toEqual(bytes.subarray(10, 20));
    const tail = (await backend.read('video/a.mp4', 'private', { start: 990 }))!;
    expect(tail.range).toEqual({ start: 990, end: 999 });
    expect(await drain(tail.stream)).toEqual(bytes.subarray(990));
    const past = (await backend.read('video/a.mp4', 'private', { start: 5000 }))!;
    expect(past.range).toBeUndefined();
    expect(await drain(past.stream)).toEqual(bytes);
    const whole = (await backend.read('video/a.mp4', 'private'))!;
    expect([whole.range, whole.size]).toEqual([undefined, 1000]);
    expect(await drain(whole.stream)).toEqual(bytes);
  });
});
