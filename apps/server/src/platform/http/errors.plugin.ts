import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { AppError } from '../errors.js';
import { hasMessage, localeFromHeader, translate } from '../i18n/i18n.js';
import '../i18n/base-messages.js';
import { failure } from './envelope.js';
import { outageRefusal } from './outage.js';
import type { Locale } from '@app/contract';

/** Turns zod issues into `{ field: [translated message] }`. */
export const fieldMessages = (error: ZodError, locale: Locale): Record<string, string[]> => {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    let message: string;
    if (hasMessage(issue.message)) message = translate(locale, issue.message);
    else if (issue.code === 'invalid_type' && issue.input === undefined)
      message = translate(locale, 'field_required');
    else if (issue.code === 'too_small')
      message = translate(locale, 'field_too_short', { min: String(issue.minimum) });
    else if (issue.code === 'too_big')
      message = translate(locale, 'field_too_long', { max: String(issue.maximum) });
    else message = translate(locale, 'field_invalid');
    (fields[field] ??= []).push(message);
  }
  return fields;
};

export const requestLocale = (req: FastifyRequest): Locale =>
  localeFromHeader(req.headers['accept-language']);

const sendError = (req: FastifyRequest, reply: FastifyReply, error: AppError) => {
  // A refusal whose reason is for operators only (a service this server cannot use) logs that reason.
  if (error.status >= 500 && error.cause) req.log.warn({ err: error.cause, error: error.id }, 'refused: service unusable');
  const locale = requestLocale(req);
  const message = error.fieldErrors
    ? Object.fromEntries(
        Object.entries(error.fieldErrors).map(([k, v]) => [
          k,
          v.map((m) => (hasMessage(m) ? translate(locale, m) : m)),
        ]),
      )
    : translate(locale, error.id, error.params);
  return reply.status(error.status).send(failure(error.status, error.id, message, error.params));
};

/** The envelope error a framework refusal stands for: its 4xx kept where the caller can act on it. */
const frameworkRefusal = (error: FastifyError): AppError | null => {
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new AppError(413, 'payload_too_large');
  if (status === 414 || error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppError(414, 'uri_too_long');
  if (status === 415) return new AppError(415, 'unsupported_media_type');
  if (status === 429) return new AppError(429, 'too_many_requests');
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new AppError(400, 'invalid_json');
  // A malformed URL, a body shorter than its Content-Length and similar client mistakes.
  if (status >= 400 && status < 500) return new AppError(400, 'bad_request');
  return null;
};

/**
 * Answers what the router refuses before any route runs (over-long path parameter, malformed URL):
 * Fastify's `frameworkErrors` option, so these too get the envelope instead of Fastify's own JSON.
 */
export const answerFrameworkError = (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
  void sendError(req, reply, frameworkRefusal(error) ?? new AppError(500, 'internal_error'));
};

/** One error handler: AppError → its status; framework 4xx → mapped ids; anything else → 500, logged, no stack. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    const refusal = frameworkRefusal(error);
    if (refusal) return sendError(req, reply, refusal);
    const outage = outageRefusal(error);
    if (outage) {
      req.log.warn({ err: error }, 'backing service unavailable');
      return sendError(req, reply, outage);
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendError(req, reply, new AppError(500, 'internal_error'));
  });
};

/** The status and id of a connection-level refusal (Node's HTTP parser, before any request exists). */
const clientRefusal = (code: string | undefined): { status: number; id: string } => {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, id: 'request_timeout' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, id: 'headers_too_large' };
  return { status: 400, id: 'bad_request' };
};

/** The `Accept-Language` among the bytes the parser had read when it failed in the headers, so even these answers speak the caller's language. */
const acceptLanguageIn = (rawPacket: unknown): string | undefined => {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  const head = rawPacket.subarray(0, 16 * 1024).toString('latin1');
  return /\r\naccept-language:[ \t]*([^\r\n]{1,200})/i.exec(head)?.[1];
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (a garbage request line, a bad Content-Length,
 * over-large headers, a body cut short, a request too slow to arrive) gets the envelope too, written as a raw
 * HTTP/1.1 answer since no request or reply exists, then the connection closes. Nothing is written when the
 * socket is gone or an answer on it has already begun.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  const { status, id } = clientRefusal(error.code);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable && !inFlight?.headersSent) {
    // A body cut short fails after the headers were read: the request in flight has them.
    const header = inFlight?.req?.headers['accept-language'] ?? acceptLanguageIn(error.rawPacket);
    const locale = localeFromHeader(Array.isArray(header) ? header[0] : header);
    const body = JSON.stringify(failure(status, id, translate(locale, id)));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  // Whatever the client still sends is not read: the connection ends once the answer is out.
  socket.destroySoon();
}
