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
  // Malformed JSON or URL, an empty JSON body and similar client mistakes.
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
