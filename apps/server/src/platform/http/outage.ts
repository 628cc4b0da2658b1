import { AppError } from '../errors.js';

/**
 * Recognises errors that mean a backing service (PostgreSQL, Redis, the file store) is away rather than a
 * bug: the caller gets a 503 envelope it can retry, and the process keeps running until the service returns.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The file store cannot take writes: read-only mount, full disk, permissions. */
const STORAGE_CODES = new Set(['EROFS', 'ENOSPC', 'EDQUOT', 'EACCES', 'EPERM']);
/** PostgreSQL: shutting down, starting up, too many connections (class 08 is checked separately). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /connection is closed/i, // ioredis
  /stream isn't writeable/i, // ioredis with its offline queue off
  /the database system is (starting up|shutting down)/i,
];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  syscall?: unknown;
}

/** The error and its causes (Drizzle wraps the driver's error in `cause`), at most a few deep. */
const chain = (error: unknown): ErrorLike[] => {
  const out: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && out.length < 5) {
    out.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return out;
};

/** The 503 an outage stands for, or null when the error is something else. */
export const outageRefusal = (error: unknown): AppError | null => {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (STORAGE_CODES.has(code) && typeof link.syscall === 'string')
      return new AppError(503, 'storage_unavailable');
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return new AppError(503, 'service_unavailable');
    if (link.name === 'MaxRetriesPerRequestError') return new AppError(503, 'service_unavailable');
    const message = typeof link.message === 'string' ? link.message : '';
    if (MESSAGES.some((pattern) => pattern.test(message))) return new AppError(503, 'service_unavailable');
  }
  return null;
};
