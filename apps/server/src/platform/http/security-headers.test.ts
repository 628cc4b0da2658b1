import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('sends HSTS only when the request came over HTTPS (here as a trusted proxy says), and a permissions policy always', async () => {
    const app = Fastify({ trustProxy: ['127.0.0.1'] });
    registerSecurityHeaders(app, {});
    app.get('/', async () => 'ok');
    const viaHttps = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const plain = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(viaHttps.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    for (const res of [viaHttps, plain]) expect(res.headers['permissions-policy']).toContain('camera=()');
  });
});
