import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  unstorableTextPaths,
  DEFAULT_TENANT_ID,
  type Endpoint,
  type Locale,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ParsedQueryOf,
  type ResultOf,
} from '@app/contract';
import type { z } from 'zod';
import { AppError, forbidden, unauthorized } from '../errors.js';
import type { AuthContext, Membership } from '../auth/session.service.js';
import { fieldMessages, requestLocale } from './errors.plugin.js';
import { translate } from '../i18n/i18n.js';
import { success } from './envelope.js';
import { sendCachedAnswer } from './etag.js';
import { createTenantDirectory, type TenantDirectory } from '../db/tenant-directory.js';
import { actorOf, type Actor } from '../identity/actor.js';

export interface RequestInfo {
  /** Who is calling, as every service takes it (uid 0 for an anonymous caller of a public endpoint). */
  actor: Actor;
  tenantId: number;
  auth: AuthContext | null;
  locale: Locale;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface HandlerInput<E> extends RequestInfo {
  body: ParsedBodyOf<E>;
  query: ParsedQueryOf<E>;
  params: ParsedParamsOf<E>;
}

/**
 * Handlers with `auth: 'user' | 'admin' | 'visitor'` always get an auth context, and the user's membership
 * as read with the session check.
 */
export type AuthedInput<E> = HandlerInput<E> & { auth: AuthContext; membership: Membership };

type Handler<E> = (
  input: E extends { auth: 'public' } ? HandlerInput<E> : AuthedInput<E>,
) => Promise<ResultOf<E>> | ResultOf<E>;

export interface EndpointOptions {
  /** Per-route rate limit (needs @fastify/rate-limit registered). */
  rateLimit?: { max: number; timeWindow: number | string };
}

/** The auth resolver is registered once by the auth plugin; endpoints read its outcome. */
declare module 'fastify' {
  interface FastifyRequest {
    resolveAuth(): Promise<AuthContext | null>;
  }
}

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Parses one part of the request; failures are collected so one answer names every bad field.
 * Text PostgreSQL cannot store (NUL, a lone UTF-16 surrogate) is refused here for every field of every route,
 * before any schema or handler sees it: 400 `validation_failed` naming the field. Refused rather than cleaned, so
 * what a caller sent is what is stored or nothing is (browsers never send either; a client that does has a bug
 * or a purpose). The JSON parser has bounded the value's depth already (json-body.ts).
 */
const parsePart = (
  schema: z.ZodType | undefined,
  value: unknown,
  locale: Locale,
  fields: Record<string, string[]>,
): unknown => {
  if (!schema) return undefined;
  const unstorable = unstorableTextPaths(value);
  if (unstorable.length) {
    for (const field of unstorable) (fields[field] ??= []).push(translate(locale, 'field_invalid'));
    return undefined;
  }
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  Object.assign(fields, fieldMessages(parsed.error, locale));
  return undefined;
};

/** Tenant: from the token when logged in, never from the header; else the `TenantId` header. */
const tenantFor = async (req: FastifyRequest, auth: AuthContext | null): Promise<number> => {
  if (auth) return auth.tenantId;
  const header = req.headers.tenantid;
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === '') return DEFAULT_TENANT_ID;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0 || !(await tenantDirectoryOf(req).exists(value))) {
    throw new AppError(400, 'tenant_not_found');
  }
  return value;
};

const directories = new WeakMap<object, TenantDirectory>();
const tenantDirectoryOf = (req: FastifyRequest): TenantDirectory => {
  const { db, cache } = req.server.platform;
  let directory = directories.get(db);
  if (!directory) {
    directory = createTenantDirectory(db, cache);
    directories.set(db, directory);
  }
  return directory;
};

/**
 * Registers one contract endpoint: auth → validate (params, query, body) → handler → envelope.
 * SSE endpoints write the answer themselves and return nothing.
 */
export const registerEndpoint = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: EndpointOptions = {},
) => {
  // The contract check of every answer runs in development and tests; production trusts the tested code.
  const validateResult = app.platform.config.NODE_ENV !== 'production';
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    handler: async (req, reply) => {
      const locale = requestLocale(req);
      let auth: AuthContext | null;
      let membership: Membership | undefined;
      if (endpoint.auth === 'public') {
        // Public endpoints treat a stale or revoked token as anonymous rather than failing the page.
        auth = await req.resolveAuth().catch(() => null);
      } else {
        const caller = await req.resolveCaller();
        if (!caller) throw unauthorized();
        ({ auth, membership } = caller);
        if (endpoint.auth === 'user' && auth.isGuest) throw new AppError(401, 'guest_not_allowed');
        if (endpoint.auth === 'admin' && !auth.isAdmin) throw forbidden();
      }
      const fields: Record<string, string[]> = {};
      const params = parsePart(endpoint.params, req.params, locale, fields);
      const query = parsePart(endpoint.query, req.query, locale, fields);
      const body = parsePart(endpoint.body, req.body, locale, fields);
      if (Object.keys(fields).length) throw new AppError(400, 'validation_failed', {}, fields);
      const tenantId = await tenantFor(req, auth);
      const actor = actorOf({ tenantId, auth, membership, locale, ip: req.ip }, app.platform.clock.now());
      const input = {
        body,
        query,
        params,
        auth,
        membership,
        actor,
        tenantId,
        locale,
        ip: req.ip,
        req,
        reply,
      };
      const result = await Promise.resolve((handler as (i: unknown) => unknown)(input)).catch(
        (error: unknown) => {
          // A public endpoint that needs a user (my works, my articles) refuses a visitor as a visitor: a plain
          // 401 would end the visitor's session in the app (issue 27: toast, banner and dialog on the login page).
          if (auth?.isGuest && error instanceof AppError && error.id === 'unauthorized')
            throw new AppError(401, 'guest_not_allowed');
          throw error;
        },
      );
      if (endpoint.kind === 'sse' || endpoint.kind === 'binary') return reply;
      if (reply.statusCode === 304) return reply.send(); // withEtag: the caller holds this answer already
      if (validateResult) {
        const checked = endpoint.result.safeParse(result);
        if (!checked.success) {
          req.log.error(
            { issues: checked.error.issues, path: endpoint.path },
            'result does not match the contract',
          );
          throw new AppError(500, 'internal_error');
        }
      }
      return sendCachedAnswer(req, reply) || reply.send(success(result));
    },
  });
};
