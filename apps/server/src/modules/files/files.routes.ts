import path from 'node:path';
import { endpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import './files.messages.js';
import { AppError, notFound } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { parseRangeHeader } from '../../platform/storage/storage.js';
import type { FilesModule } from './files.module.js';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
};
const contentTypeOf = (key: string) =>
  CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** Origins that count as "us" for imageResize: the configured public address and the host asked. */
const ownOrigins = (publicBaseUrl: string | undefined, req: FastifyRequest): string[] => {
  const out: string[] = [];
  try {
    out.push(new URL(`${req.protocol}://${req.host}`).origin);
  } catch {
    // A malformed Host header: only the configured address counts.
  }
  if (publicBaseUrl) out.push(new URL(publicBaseUrl).origin);
  return out;
};

/** Uploads, resized images and the files the store serves (services built by files.module.ts). */
export const registerFilesRoutes = (
  app: FastifyInstance,
  { uploads, resizer, storage, publicBaseUrl }: FilesModule,
) => {
  for (const endpoint of [endpoints.uploadAttachments, endpoints.cosUpload]) {
    registerEndpoint(
      app,
      endpoint,
      ({ req, query, actor, locale }) =>
        uploads.upload(req, { tenantId: actor.tenantId, userId: actor.uid, vip: actor.vip, ...query, locale }),
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    );
  }

  registerEndpoint(app, endpoints.uploadUsage, ({ actor }) => uploads.usage(actor));

  registerEndpoint(
    app,
    endpoints.imageResize,
    async ({ query, req, reply }) => {
      const resized = await resizer.resize(query, ownOrigins(publicBaseUrl, req), req.ip);
      return reply
        .header(
          'cache-control',
          resized.visibility === 'public' ? 'public, max-age=604800' : 'private, max-age=600',
        )
        .type(resized.contentType)
        .send(resized.data);
    },
    { rateLimit: { max: 300, timeWindow: '1 minute' } },
  );

  // Private files: only with a valid signed link (HMAC, 600 s). Public files through us (S3 without a public URL).
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string } }>(
    '/files/private/*',
    async (req, reply) => {
      const key = req.params['*'];
      if (!storage.verifySignedUrl(key, Number(req.query.expires), req.query.sig ?? '')) {
        throw new AppError(403, 'file_link_expired');
      }
      // Byte ranges, as media players ask (Safari plays a video only from a server that answers them).
      const file = await storage.read(key, 'private', parseRangeHeader(req.headers.range));
      if (!file) throw notFound();
      reply.header('cache-control', 'private, max-age=600').header('x-content-type-options', 'nosniff');
      reply.header('accept-ranges', 'bytes');
      if (file.range && file.size !== undefined) {
        reply
          .code(206)
          .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
          .header('content-length', file.range.end - file.range.start + 1);
      } else if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.type(contentTypeOf(key)).send(file.stream);
    },
  );
  app.get<{ Params: { '*': string } }>('/files/public/*', async (req, reply) => {
    const key = req.params['*'];
    const file = await storage.read(key, 'public').catch(() => null);
    if (!file) throw notFound();
    reply.header('cache-control', 'public, max-age=604800');
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.type(contentTypeOf(key)).send(file.stream);
  });
};
