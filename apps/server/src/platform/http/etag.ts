import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag of a value's JSON (computed once, when the value is cached). */
export const etagOf = (value: unknown): string =>
  `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;

/**
 * Answers `value` with its ETag, to be revalidated on every use (`no-cache`); a caller that already holds it
 * (`If-None-Match`) gets `304 Not Modified` without a body (registerEndpoint sends nothing after a 304).
 */
export const withEtag = <T>(req: FastifyRequest, reply: FastifyReply, etag: string, value: T): T => {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const held = req.headers['if-none-match'];
  if (held && (held === etag || held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))) {
    reply.code(304);
  }
  return value;
};
