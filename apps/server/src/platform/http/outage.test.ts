import { once } from 'node:events';
import { createServer, connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createReadiness } from '../readiness.js';
import { registerErrorHandling } from './errors.plugin.js';
import { outageRefusal } from './outage.js';

/** A loopback port nothing listens on (taken, then released). */
const closedPort = async () => {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const refusedConnection = async (port: number) =>
  new Promise<Error>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', resolve);
  });

describe('backing-service outages', () => {
  it('a refused connection (as the database driver reports it, wrapped by the ORM) is a 503', async () => {
    const cause = await refusedConnection(await closedPort());
    const wrapped = new Error('Failed query: select 1', { cause });
    expect(outageRefusal(wrapped)).toMatchObject({ status: 503, id: 'service_unavailable' });
  });

  it('Redis away (a client without an offline queue) is a 503', async () => {
    const redis = new Redis(await closedPort(), '127.0.0.1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const error = await redis.ping().catch((e: unknown) => e);
    redis.disconnect();
    expect(outageRefusal(error)).toMatchObject({ status: 503, id: 'service_unavailable' });
  });

  it('PostgreSQL shutting down (57P01) or a read-only file store is a 503; a bug stays a 500', () => {
    const pgShutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(outageRefusal(new Error('Failed query', { cause: pgShutdown }))?.id).toBe('service_unavailable');
    const readOnly = Object.assign(new Error("EROFS: read-only file system, open '/data/uploads/a.png'"), {
      code: 'EROFS',
      syscall: 'open',
    });
    expect(outageRefusal(readOnly)).toMatchObject({ status: 503, id: 'storage_unavailable' });
    expect(outageRefusal(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(outageRefusal(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
  });

  it('answers the 503 envelope in the caller language', async () => {
    const port = await closedPort();
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/x', async () => {
      throw new Error('Failed query', { cause: await refusedConnection(port) });
    });
    const res = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-language': 'en' } });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 503,
      type: 'error',
      extras: { error: 'service_unavailable' },
      message: 'Service unavailable. Please try again later.',
    });
  });

  it('readiness names each service that does not answer', async () => {
    const readiness = createReadiness({
      pingDatabase: async () => undefined,
      checkStorage: async () => {
        throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
      },
      redisUrl: `redis://127.0.0.1:${await closedPort()}`,
    });
    const result = await readiness.check();
    await readiness.close();
    expect(result.ready).toBe(false);
    expect(result.checks.database).toBe('ok');
    expect(result.checks.storage).toMatch(/read-only/);
    expect(result.checks.redis).not.toBe('ok');
  });
});
