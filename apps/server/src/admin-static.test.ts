import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/build-app.js';

/** A built console as `vite build` leaves it: a shell and a hashed asset with its brotli and gzip copies. */
const writeConsoleBuild = (dir: string) => {
  const script = `console.log(${JSON.stringify('运营后台 '.repeat(200))});`;
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/admin/assets/index-abc.js"></script>');
  writeFileSync(path.join(dir, 'assets/index-abc.js'), script);
  writeFileSync(path.join(dir, 'assets/index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets/index-abc.js.gz'), gzipSync(script));
  return script;
};

describe('the operator console at /admin/', () => {
  let app: TestApp;
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'admin-dist-'));
    script = writeConsoleBuild(dir);
    app = await createTestApp({ ADMIN_DIST_DIR: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the shell, always revalidated', async () => {
    for (const url of ['/admin/', '/admin']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('/admin/assets/index-abc.js');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the build’s compressed copies of hashed assets, cached for a year', async () => {
    const br = await app.inject({ method: 'GET', url: '/admin/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/admin/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers 404 for a console file that does not exist, and leaves the API alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/console/nothing-here' })).statusCode).toBe(404);
  });
});
