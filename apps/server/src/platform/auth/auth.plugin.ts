import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Clock } from '../clock.js';
import { toAuthContext, type AuthContext, type Membership, type SessionService } from './session.service.js';
import type { TokenService } from './tokens.js';

const bearer = (value: string | string[] | undefined): string | null => {
  const header = Array.isArray(value) ? value[0] : value;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
};

/** Verifies an access token fully: signature, expiry and that its session is still active. */
export const createAccessVerifier =
  (deps: { tokens: TokenService; sessions: SessionService; clock: Clock }) =>
  async (token: string): Promise<AuthContext | 'token_expired' | 'token_invalid' | 'session_revoked'> => {
    const claims = await deps.tokens.verifyAccess(token, deps.clock.now());
    if (typeof claims === 'string') return claims;
    if (!(await deps.sessions.isActive(claims.sid))) return 'session_revoked';
    return toAuthContext(claims);
  };

/**
 * What `req.resolveSignedAuth()` gives: the caller as the token's verified signature says, and the session
 * check, started on the first call (then the same promise). It resolves with the user's membership once
 * the session is known to be active, and rejects with the 401 (`session_revoked`) otherwise.
 */
export interface SignedAuth {
  auth: AuthContext;
  confirmSession: () => Promise<Membership>;
}

/**
 * Adds `req.resolveAuth()`: null without a token; the caller's auth context with a valid one; a 401 with
 * a precise id otherwise. An expired access token is renewed when the Admin.NET refresh header
 * `X-Authorization: Bearer <refresh token>` is valid: the new pair is answered in the `access-token` and
 * `x-access-token` headers.
 *
 * And `req.resolveSignedAuth()`, for handlers that overlap the session lookup with slow work of their
 * own (the chat relay starts the provider request meanwhile): the token's signature and expiry are
 * checked at once, the session's revocation when the handler asks; it must await `confirmSession()`
 * before it writes anything or answers.
 */
export const registerAuth = (
  app: FastifyInstance,
  deps: { tokens: TokenService; sessions: SessionService; clock: Clock },
) => {
  const cache = new WeakMap<FastifyRequest, Promise<SignedAuth | null>>();

  const sessionCheck = (sessionId: string) => {
    let check: Promise<Membership> | undefined;
    return () =>
      (check ??= deps.sessions.activeMembership(sessionId).then((membership) => {
        if (!membership) throw new AppError(401, 'session_revoked');
        return membership;
      }));
  };

  const resolve = async (req: FastifyRequest): Promise<SignedAuth | null> => {
    const token = bearer(req.headers.authorization);
    if (!token) return null;
    const claims = await deps.tokens.verifyAccess(token, deps.clock.now());
    if (typeof claims !== 'string')
      return { auth: toAuthContext(claims), confirmSession: sessionCheck(claims.sid) };
    if (claims === 'token_expired') {
      const refreshToken = bearer(req.headers['x-authorization']);
      const renewed = refreshToken ? await deps.sessions.refresh(refreshToken) : null;
      if (renewed) {
        req.renewedTokens = { accessToken: renewed.accessToken, refreshToken: renewed.refreshToken };
        return { auth: renewed.auth, confirmSession: sessionCheck(renewed.auth.sessionId) };
      }
    }
    throw new AppError(401, claims);
  };

  const signed = (req: FastifyRequest) => {
    let pending = cache.get(req);
    if (!pending) {
      pending = resolve(req);
      cache.set(req, pending);
    }
    return pending;
  };

  app.decorateRequest('renewedTokens', null);
  app.decorateRequest('resolveSignedAuth', function (this: FastifyRequest) {
    return signed(this);
  });
  app.decorateRequest('resolveAuth', async function (this: FastifyRequest) {
    const outcome = await signed(this);
    if (!outcome) return null;
    await outcome.confirmSession();
    return outcome.auth;
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.renewedTokens) {
      reply.header('access-token', req.renewedTokens.accessToken);
      reply.header('x-access-token', req.renewedTokens.refreshToken);
    }
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    renewedTokens: { accessToken: string; refreshToken: string } | null;
    resolveSignedAuth(): Promise<SignedAuth | null>;
  }
}
