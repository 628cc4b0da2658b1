import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A read answered from memory, serialized once: its JSON, its ETag and, per content encoding, the compressed
 * envelope of the current second (the envelope's `time` is then at most a second old). Compressing a hot answer
 * on every request cost more than everything else the server does for it.
 */
export interface CachedAnswer<T> {
  value: T;
  etag: string;
  json: string;
  compressed: Map<string, { second: number; bytes: Buffer }>;
}

export const cachedAnswer = <T>(value: T): CachedAnswer<T> => {
  const json = JSON.stringify(value);
  return {
    value,
    json,
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    compressed: new Map(),
  };
};

const COMPRESS_FROM_BYTES = 1024;
const answers = new WeakMap<FastifyReply, CachedAnswer<unknown>>();

/**
 * Answers a cached read with its ETag, to be revalidated on every use (`no-cache`); a caller that already
 * holds it (`If-None-Match`) gets `304 Not Modified` without a body. registerEndpoint then sends the prepared
 * bytes (`sendCachedAnswer`).
 */
export const withEtag = <T>(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<T>): T => {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  const held = req.headers['if-none-match'];
  if (
    held &&
    (held === answer.etag || held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag))
  ) {
    reply.code(304);
  }
  return fromMemory(reply, answer);
};

/**
 * Answers a read whose envelope was prepared in memory (no ETag: for answers a client never revalidates, such
 * as a POSTed page); registerEndpoint then sends its bytes, compressed once a second per encoding.
 */
export const fromMemory = <T>(reply: FastifyReply, answer: CachedAnswer<T>): T => {
  answers.set(reply, answer);
  return answer.value;
};

/** Sends the success envelope of a `withEtag` answer, compressed as the client accepts; false if there is none. */
export const sendCachedAnswer = (req: FastifyRequest, reply: FastifyReply): FastifyReply | false => {
  const answer = answers.get(reply);
  if (!answer) return false;
  const second = Math.floor(Date.now() / 1000);
  const envelope = () =>
    `{"code":200,"type":"success","message":"ok","result":${answer.json},"extras":null,"time":"${new Date(second * 1000).toISOString()}"}`;
  reply.type('application/json; charset=utf-8');
  if (answer.json.length < COMPRESS_FROM_BYTES) return reply.send(envelope());
  reply.header('vary', 'accept-encoding');
  const accepted = req.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : null;
  if (!encoding) return reply.send(envelope());
  let entry = answer.compressed.get(encoding);
  if (!entry || entry.second !== second) {
    const body = envelope();
    const bytes =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body);
    entry = { second, bytes };
    answer.compressed.set(encoding, entry);
  }
  return reply.header('content-encoding', encoding).send(entry.bytes);
};
