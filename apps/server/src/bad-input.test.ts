import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { bearer, tokenFor } from './test/tokens.js';
import { multipart, pngWithCorruptRows } from './test/uploads.js';

/** Bad input of every kind answers a 4xx envelope in the caller's language, never a 500. */
describe('bad input', () => {
  let app: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp({ BODY_LIMIT_BYTES: 64 * 1024 });
    user = bearer(await tokenFor(app, 'demo'));
  });
  afterAll(() => app.close());

  const expectEnvelope = (res: { statusCode: number; body: string }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = json(res);
    expect(body.code).toBe(status);
    expect(body.type).toBe('error');
    expect(typeof body.message === 'string' || typeof body.message === 'object').toBe(true);
    return body;
  };

  describe('an image the image library cannot decode', () => {
    const uploadEndpoints = [
      '/api/sysCommonInfo/UploadAttachments',
      '/Cos/Upload',
      '/api/sysFile/uploadAvatar',
      '/api/sysAuthenticationInfo/uploadIdCardImageList',
      '/api/aiDrawProject/uploadRoleImages',
    ];
    for (const url of uploadEndpoints) {
      it(`${url} answers 400 "upload failed (C)"`, async () => {
        const body = multipart([
          { field: 'file', name: 'photo.png', type: 'image/png', data: await pngWithCorruptRows() },
        ]);
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { ...user, ...body.headers, 'accept-language': 'en' },
          payload: body.payload,
        });
        const envelope = expectEnvelope(res, 400);
        expect(envelope.message).toMatch(/^Upload failed \(C\)/);
      });
    }

    it('the subtitle upload (audio only) refuses it with 400 too', async () => {
      const body = multipart([
        { field: 'file', name: 'clip.mp3', type: 'audio/mpeg', data: await pngWithCorruptRows() },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/audioToSrt/add',
        headers: { ...user, ...body.headers },
        payload: body.payload,
      });
      expectEnvelope(res, 400);
    });
  });

  describe('refusals of the router and the body parser answer the envelope', () => {
    it('an unknown API route: 404', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/noSuchThing/add', payload: {} });
      expectEnvelope(res, 404);
    });

    it('a path parameter longer than the router takes: 414', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/sysDictData/dataList/${'x'.repeat(500)}`,
        headers: user,
      });
      expectEnvelope(res, 414);
    });

    it('a malformed URL: 400', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/sysDictData/dataList/%E0%A4%A' });
      expectEnvelope(res, 400);
    });

    it('an unsupported media type: 415', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysAuth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expectEnvelope(res, 415);
    });

    it('a JSON syntax error: 400', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysAuth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"account": "demo",',
      });
      expectEnvelope(res, 400);
    });

    it('a body over the limit: 413', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysAuth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ account: 'x'.repeat(100 * 1024), password: 'y' }),
      });
      expectEnvelope(res, 413);
    });
  });

  it('validates the body before checking a feature is switched on (error reports, off by default)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/sysLogEx/add', payload: { message: '' } });
    expect(json(res).type).toBe('error');
    expectEnvelope(res, 400);
  });

  describe('a NUL character in any string is refused with 400 naming the field', () => {
    const cases = [
      {
        name: 'a public body (login)',
        method: 'POST',
        url: '/api/sysAuth/login',
        payload: { account: 'a\u0000b', password: 'x' },
        field: 'account',
      },
      {
        name: 'a nested body string (posts page)',
        method: 'POST',
        url: '/api/sysCommonInfo/page',
        payload: { page: 1, pageSize: 10, title: 'x\u0000' },
        field: 'title',
      },
      { name: 'a path parameter', method: 'GET', url: '/api/sysDictData/dataList/a%00b', field: 'name' },
    ] as const;
    for (const c of cases) {
      it(c.name, async () => {
        const res = await app.inject({
          method: c.method,
          url: c.url,
          headers: { ...user, 'accept-language': 'en' },
          ...('payload' in c ? { payload: c.payload } : {}),
        });
        const envelope = expectEnvelope(res, 400);
        expect(envelope.message).toHaveProperty(c.field);
      });
    }
  });
});
