import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-body.js';

const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(exceedsJsonDepth(nested(64), 64)).toBe(false);
    expect(exceedsJsonDepth(nested(65), 64)).toBe(true);
    expect(exceedsJsonDepth(`{"a":"${'['.repeat(1000)}"}`, 64)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(exceedsJsonDepth(`{"a":"\\"${'{'.repeat(1000)}"}`, 64)).toBe(false);
    expect(exceedsJsonDepth(`["\\\\",${'['.repeat(70)}`, 64)).toBe(true);
  });
});

describe('parser errors are 400 envelopes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: true });
  }, 120_000);
  afterAll(() => app?.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  it('10,000-deep JSON on public routes, anonymously: 400 invalid_json in the caller language', async () => {
    for (const url of ['/api/sysStat/report', '/api/sysLogEx/add', '/api/sysArticle/page']) {
      const res = await post(url, nested(10_000), { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(json(res)).toMatchObject({
        code: 400,
        type: 'error',
        message: 'The request is not valid JSON, or it is nested too deeply.',
        extras: { error: 'invalid_json', maxDepth: MAX_JSON_DEPTH },
      });
    }
    // As deep as allowed: parsed, then judged by the endpoint's schema.
    const allowed = await post('/api/sysArticle/page', nested(MAX_JSON_DEPTH), { 'accept-language': 'fr' });
    expect(json(allowed).extras?.error).not.toBe('invalid_json');
    expect(allowed.statusCode).toBeLessThan(500);
  });

  it('broken or empty JSON: 400 invalid_json', async () => {
    for (const payload of ['{"page":', '', '{"a":1}}', '\u0000']) {
      const res = await post('/api/sysArticle/page', payload, { 'accept-language': 'zh-Hant' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res)).toMatchObject({ message: '提交的資料格式有誤', extras: { error: 'invalid_json' } });
    }
  });

  it('a lone surrogate or a NUL in any field is refused with 400 naming the field, before it reaches jsonb', async () => {
    const demo = bearer(await tokenFor(app, 'demo'));
    const before = json(
      await app.inject({ method: 'GET', url: '/api/sysUserExtInfo/currentUserDetail', headers: demo }),
    ).result;
    for (const [field, raw] of [
      ['metadata.nick', '{"metadata":{"nick":"a\\ud800b"}}'],
      ['metadata.nick', '{"metadata":{"nick":"end\\udfff"}}'],
      ['metadata.nick', '{"metadata":{"nick":"a\\u0000b"}}'],
      ['metadata.k\udc00', '{"metadata":{"k\\udc00":"x"}}'],
    ] as const) {
      const res = await post('/api/sysUserExtInfo/metadataUpdate', raw, { ...demo, 'accept-language': 'en' });
      expect(res.statusCode, raw).toBe(400);
      expect(json(res)).toMatchObject({
        extras: { error: 'validation_failed' },
        message: { [field]: ['Invalid value.'] },
      });
    }
    // A surrogate pair (an emoji) is ordinary text and is stored.
    const ok = await post(
      '/api/sysUserExtInfo/metadataUpdate',
      '{"metadata":{"nick":"a\\ud83d\\ude00b"}}',
      demo,
    );
    expect(ok.statusCode).toBe(200);
    expect(json<{ metadata: Record<string, unknown> }>(ok).result.metadata).toEqual({
      ...(before as { metadata: object }).metadata,
      nick: 'a😀b',
    });
  });
});

describe('HTTP-level client errors answer the envelope', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  }, 120_000);
  afterAll(() => app?.close());

  /** Sends raw bytes (then half-closes when `end`), and reads everything the server answers until it closes. */
  const raw = (chunks: Array<string | Buffer>, options: { end?: boolean } = {}) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      const received: Buffer[] = [];
      socket.on('data', (data) => received.push(data));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(received).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
      });
      socket.on('connect', () => {
        for (const chunk of chunks) socket.write(chunk);
        if (options.end) socket.end();
      });
    });

  const expectEnvelope = (
    answer: { status: number; headers: string; body: string },
    status: number,
    error: string,
    message?: string,
  ) => {
    expect(answer.status, answer.headers + answer.body).toBe(status);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(answer.body) as { code: number; type: string; message: string; extras: unknown };
    expect(body).toMatchObject({ code: status, type: 'error', result: null, extras: { error } });
    if (message) expect(body.message).toBe(message);
  };

  it('a garbage request line: 400 bad_request', async () => {
    expectEnvelope(await raw(['NOT AN HTTP REQUEST\r\n\r\n']), 400, 'bad_request', '请求有误');
  });

  it('a bad Content-Length: 400, in the language the request asked for', async () => {
    const answer = await raw([
      'POST /api/sysArticle/page HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n' +
        'Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    ]);
    expectEnvelope(answer, 400, 'bad_request', 'Bad request.');
  });

  it('a body cut short (the client ends before Content-Length): 400 envelope', async () => {
    const answer = await raw(
      [
        'POST /api/sysArticle/page HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"page":',
      ],
      { end: true },
    );
    expectEnvelope(answer, 400, 'bad_request', 'Solicitud incorrecta.');
  });

  it('20 KB of headers: 431 headers_too_large', async () => {
    const answer = await raw([
      `GET /healthz HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    ]);
    expectEnvelope(answer, 431, 'headers_too_large', 'Les en-têtes de la requête sont trop volumineux.');
  });

  it('a well-formed request on the same server still answers normally', async () => {
    const answer = await raw(['GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(answer.status).toBe(200);
  });
});
