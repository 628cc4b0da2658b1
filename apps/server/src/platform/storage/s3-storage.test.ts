import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { multipart, png } from '../../test/uploads.js';

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A tiny path-style S3 endpoint: PUT, GET and DELETE of objects in memory; checks that requests are signed. */
const startS3 = async () => {
  const objects = new Map<string, { data: Buffer; type: string }>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=test-key/')) {
        res.statusCode = 403;
        res.end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(path, { data: await body(req), type: String(req.headers['content-type'] ?? '') });
        res.setHeader('etag', '"x"');
        res.end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          res.statusCode = 404;
          res.setHeader('content-type', 'application/xml');
          res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
          return;
        }
        res.setHeader('content-type', object.type);
        res.setHeader('content-length', object.data.length);
        res.end(object.data);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.statusCode = 204;
        res.end();
      } else {
        res.statusCode = 405;
        res.end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, objects, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    app = await createTestApp({
      S3_BUCKET: 'media',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => s3.server.close(resolve));
  });

  it('uploads go to the bucket under public/ or private/ and are served back through us', async () => {
    const image = await png(40, 30);
    const form = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data: image }]);
    const send = (query: string) =>
      app.inject({
        method: 'POST',
        url: `/api/sysCommonInfo/UploadAttachments${query}`,
        headers: { ...form.headers },
        payload: form.payload,
      });
    const user = bearer(await tokenFor(app, 'demo'));
    const up = async (query: string) =>
      json<{ files: StoredFile[] }>(
        await app.inject({
          method: 'POST',
          url: `/api/sysCommonInfo/UploadAttachments${query}`,
          headers: { ...user, ...form.headers },
          payload: form.payload,
        }),
      ).result.files[0]!;
    expect((await send('')).statusCode).toBe(401);

    const pub = await up('');
    expect(pub.url).toMatch(/^\/files\/public\/general\//);
    const key = pub.url.slice('/files/public/'.length);
    expect(s3.objects.get(`/media/public/${key}`)?.type).toBe('image/png');
    const served = await app.inject({ method: 'GET', url: pub.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const resized = await app.inject({
      method: 'GET',
      url: `/api/sysFile/imageResize?width=20&height=20&url=${encodeURIComponent(pub.url)}`,
    });
    expect(resized.statusCode).toBe(200);

    const priv = await up('?visibility=private');
    const privateKey = priv.url.split('?')[0]!.slice('/files/private/'.length);
    expect(s3.objects.has(`/media/private/${privateKey}`)).toBe(true);
    expect((await app.inject({ method: 'GET', url: priv.url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/files/public/${privateKey}` })).statusCode).toBe(404);
  });

  it('a store that refuses the upload is "upload failed (S)", 502', async () => {
    const broken = await createTestApp({
      S3_BUCKET: 'media',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'wrong-key',
      S3_SECRET_ACCESS_KEY: 'x',
    });
    const form = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data: await png(10, 10) }]);
    const res = await broken.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/UploadAttachments',
      headers: { ...bearer(await tokenFor(broken, 'demo')), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(502);
    expect(json(res)).toMatchObject({ extras: { error: 'upload_storage_failed' } });
    expect(String(json(res).message)).toContain('(S)');
    await broken.close();
  });
});
