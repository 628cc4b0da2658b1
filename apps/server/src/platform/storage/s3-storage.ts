import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertSafeKey,
  PUBLIC_FILE_PREFIX,
  type ByteRange,
  type ListedObject,
  type StorageBackend,
  type StoredObject,
  type Visibility,
} from './storage.js';

export interface S3StorageConfig {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Base URL where public objects are readable (CDN or bucket website); else they are proxied by us. */
  publicUrl?: string;
}

/** Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Tencent COS, Aliyun OSS…): `public/` and `private/` prefixes. */
export const createS3Storage = (config: S3StorageConfig): StorageBackend => {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores (COS, OSS, older MinIO) refuse the
    // aws-chunked trailers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const objectKey = (key: string, visibility: 'public' | 'private') => {
    assertSafeKey(key);
    return `${visibility}/${key}`;
  };

  const read = async (
    key: string,
    visibility: Visibility,
    range?: ByteRange | null,
  ): Promise<StoredObject | null> => {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key, visibility),
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      if (!answer.Body) return null;
      // A ranged answer says which bytes of how many: `bytes 0-99/1234`.
      const part = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      return {
        stream: answer.Body as Readable,
        size: part ? Number(part[3]) : answer.ContentLength,
        contentType: answer.ContentType,
        ...(part ? { range: { start: Number(part[1]), end: Number(part[2]) } } : {}),
      };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NoSuchKey') return null;
      // A range past the end: the whole object, as HTTP allows.
      if (range && (status === 416 || (err as Error).name === 'InvalidRange')) return read(key, visibility);
      throw err;
    }
  };

  return {
    kind: 's3',
    async put(key, visibility, body, contentType) {
      const size = Buffer.isBuffer(body) ? body.length : (await stat(body.path)).size;
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key, visibility),
          Body: Buffer.isBuffer(body) ? body : createReadStream(body.path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    read,
    async delete(key, visibility) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key, visibility) }));
    },
    async list(prefix, visibility) {
      const found: ListedObject[] = [];
      const folder = `${visibility}/${prefix}`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: config.bucket, Prefix: folder, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          found.push({
            key: item.Key.slice(visibility.length + 1),
            size: item.Size ?? 0,
            modifiedAt: item.LastModified ?? new Date(0),
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    publicUrl: (key) => {
      assertSafeKey(key);
      return config.publicUrl
        ? `${config.publicUrl.replace(/\/+$/, '')}/public/${key}`
        : `${PUBLIC_FILE_PREFIX}${key}`;
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
    },
  };
};
