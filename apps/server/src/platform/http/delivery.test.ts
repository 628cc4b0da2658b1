import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { RequestLogController } from './request-logging.js';

/** A built web app as `vite build` leaves it: hashed assets and the shell, each with `.br` and `.gz` copies. */
const writeWebDist = (dir: string) => {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><script type="module" src="./assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`,
    'assets/app-Ab12Cd34.js': `export const greeting = ${JSON.stringify('你好，AI创作家 '.repeat(400))};\n`,
  };
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  return files;
};

describe('how the product delivers bytes', () => {
  let app: TestApp;
  let webDist: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    files = writeWebDist(webDist);
    app = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, accept?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        ...(accept ? { accept } : {}),
      },
    });
  /** What a browser sends when it opens a page. */
  const pageAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(files['assets/app-Ab12Cd34.js']);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(files['assets/app-Ab12Cd34.js']!) / 4);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(files['assets/app-Ab12Cd34.js']);

    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(files['assets/app-Ab12Cd34.js']);
  });

  it('sends the shell compressed and always revalidated, at / and for any page path', async () => {
    // (App route paths such as /pages/plaza/index redirect to their hash route: app-route-redirect.test.ts.)
    for (const url of ['/', '/index.html', '/welcome/spring']) {
      const res = await get(url, 'br', pageAccept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(files['index.html']);
    }
  });

  it('answers 404 envelopes, never the shell, for a missing file, an unknown API or a non-page request', async () => {
    const misses: [string, string | undefined][] = [
      ['/uploads/nothing-here.png', pageAccept],
      ['/assets/app-missing.js', pageAccept],
      ['/static/missing.json', undefined],
      ['/files/public/missing.png', pageAccept],
      ['/api/noSuchThing', pageAccept],
      ['/welcome/spring', 'application/json'],
      ['/logo-missing.svg', pageAccept],
    ];
    for (const [url, accept] of misses) {
      const res = await get(url, undefined, accept);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(JSON.parse(res.body), url).toMatchObject({ code: 404, type: 'error' });
    }
  });

  it('compresses JSON answers over 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const big = await get('/api/openapi.json', 'gzip, br');
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);

    const gz = await get('/api/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(document);

    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toEqual(document);

    const small = await get('/healthz', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toMatchObject({ status: 'ok' });
  });
});

describe('request logging', () => {
  const appWithLog = async (level: 'info' | 'debug') => {
    const lines: Array<{ level: number; msg: string; statusCode?: number; url?: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()));
        callback();
      },
    });
    const app = Fastify({ logger: { level, stream }, logController: new RequestLogController(40) });
    app.get('/fast', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { ok: true };
    });
    app.get('/missing', async (_req, reply) => reply.status(404).send({ ok: false }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const completed = () => lines.filter((l) => l.msg === 'request completed').map((l) => l.url);
    return { app, completed };
  };

  it('at info, logs only slow requests, errors and other non-2xx answers', async () => {
    const { app, completed } = await appWithLog('info');
    for (let i = 0; i < 5; i += 1) await app.inject('/fast');
    await app.inject('/slow');
    await app.inject('/missing');
    await app.inject('/boom');
    expect(completed()).toEqual(['/slow', '/missing', '/boom']);
    await app.close();
  });

  it('at debug, logs every request', async () => {
    const { app, completed } = await appWithLog('debug');
    await app.inject('/fast');
    await app.inject('/fast');
    await app.inject('/missing');
    expect(completed()).toEqual(['/fast', '/fast', '/missing']);
    await app.close();
  });
});
