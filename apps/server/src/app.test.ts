import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './test/build-app.js';

describe('server core', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers /healthz while the process lives and /readyz with each backing service checked', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', ...(app.platform.config.REDIS_URL ? { redis: 'ok' } : {}) },
    });
  });

  it('wraps success in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/page',
      payload: { page: 1, pageSize: 2, categoryId: 1 },
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ items: unknown[]; total: number; page: number; pageSize: number }>(res);
    expect(body).toMatchObject({ code: 200, type: 'success', extras: null });
    expect(Date.parse(body.time)).not.toBeNaN();
    expect(body.result.items).toHaveLength(2);
    expect(body.result.total).toBe(3);
    expect(body.result).toMatchObject({ page: 1, pageSize: 2 });
  });

  it('400: validation failure names each field, in the caller language', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/page',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { page: 0, pageSize: 1000 },
    });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.code).toBe(400);
    expect(body.type).toBe('error');
    expect(body.extras?.error).toBe('validation_failed');
    expect(body.message).toEqual({ page: ['Must be at least 1.'], pageSize: ['Must be at most 100.'] });
  });

  it('400: malformed JSON is invalid_json, not a crash', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/page',
      headers: { 'content-type': 'application/json' },
      payload: '{"page":',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).extras?.error).toBe('invalid_json');
    expect(json(res).message).toBe('提交的数据格式有误');
  });

  it('a public endpoint treats a bad token as anonymous', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/page',
      headers: { authorization: 'Bearer not-a-jwt' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });

  it('404: unknown API path, message in zh-Hant when asked', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/nope/nothing',
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({
      code: 404,
      type: 'error',
      message: '請求地址錯誤',
      extras: { error: 'route_not_found' },
    });
  });

  it('413: a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysCommonInfo/page',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({
      code: 413,
      extras: { error: 'payload_too_large' },
      message: 'La requête est trop volumineuse.',
    });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['permissions-policy']).toContain('microphone=(self)');
    // HSTS only over HTTPS: plain HTTP (a developer's localhost) is never pinned.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the static JSON files of spec §7 with Chinese content', async () => {
    for (const name of [
      'config-main',
      'config-ai',
      'config-chat',
      'config-chat-ai',
      'config-ios',
      'config-chat-ios',
      'template',
      'sensitive-stop-words',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/static/${name}.json` });
      expect(res.statusCode, name).toBe(200);
      expect(() => JSON.parse(res.body) as unknown, name).not.toThrow();
    }
    const main = JSON.parse((await app.inject({ method: 'GET', url: '/static/config-main.json' })).body) as {
      appName: string;
    };
    expect(main.appName).toBe('AI创作家');
  });

  it('publishes an OpenAPI document generated from the contract, and an explorer page', async () => {
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/api/openapi.json' })).body) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.paths['/api/sysCommonInfo/page']?.post?.operationId).toBe('commonInfoPage');
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
