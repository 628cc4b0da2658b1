import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks every request's AWS v4 signature against them. */
export const S3RVER_KEY = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' } as const;

/** An S3-compatible server (s3rver, MIT) on 127.0.0.1 with one bucket, objects kept in a temporary directory. */
export const startS3rver = async (bucket: string) => {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: {
      accessKeyId: S3RVER_KEY.S3_ACCESS_KEY_ID,
      secretAccessKey: S3RVER_KEY.S3_SECRET_ACCESS_KEY,
    },
  });
  return {
    endpoint,
    /** Every object key in the bucket (`public/…`, `private/…`), asked through the S3 API. */
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    },
    /** Every object under `prefix`, with its size, asked through the S3 API. */
    async objects(prefix: string): Promise<{ key: string; size: number }[]> {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }),
      );
      return (listed.Contents ?? []).map((object) => ({ key: object.Key ?? '', size: object.Size ?? 0 }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
