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

  it('built scripts and stylesheets carry only the headers a subresource needs (no 1 KB of document headers each)', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    for (const url of ['/', '/assets/index-abc.js', '/admin/assets/index-abc.css', '/assets/logo.svg', '/static/x.js'])
      app.get(url, async () => 'ok');
    const headersOf = async (url: string) => (await app.inject({ method: 'GET', url })).headers;
    const page = await headersOf('/');
    expect(page['content-security-policy']).toContain("default-src 'self'");
    expect(page['x-frame-options']).toBe('SAMEORIGIN');
    for (const url of ['/assets/index-abc.js', '/admin/assets/index-abc.css']) {
      const asset = await headersOf(url);
      expect(asset['x-content-type-options']).toBe('nosniff');
      expect(asset['cross-origin-resource-policy']).toBe('same-origin');
      expect(asset['content-security-policy']).toBeUndefined();
      expect(asset['permissions-policy']).toBeUndefined();
      expect(asset['x-frame-options']).toBeUndefined();
    }
    // Anything else keeps them all.
    for (const url of ['/assets/logo.svg', '/static/x.js']) expect((await headersOf(url))['content-security-policy']).toBeDefined();
    await app.close();
  });
});
