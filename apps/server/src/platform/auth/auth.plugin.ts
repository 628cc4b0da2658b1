import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Clock } from '../clock.js';
import type { AuthContext, Membership, SessionService } from './session.service.js';
import type { TokenService } from './tokens.js';

const bearer = (value: string | string[] | undefined): string | null => {
  const header = Array.isArray(value) ? value[0] : value;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
};

/** The caller once the token and its session are checked, with the user's membership read alongside. */
export interface VerifiedCaller {
  auth: AuthContext;
  membership: Membership;
}

/** Verifies an access token fully: signature, expiry and that its session is still active. */
export const createAccessVerifier =
  (deps: { tokens: TokenService; sessions: SessionService; clock: Clock }) =>
  async (token: string): Promise<VerifiedCaller | 'token_expired' | 'token_invalid' | 'session_revoked'> => {
    const claims = await deps.tokens.verifyAccess(token, deps.clock.now());
    if (typeof claims === 'string') return claims;
    return (await deps.sessions.verifiedCaller(claims)) ?? 'session_revoked';
  };

/**
 * Adds `req.resolveCaller()`: null without a token; the verified caller with a valid one; a 401 with a
 * precise id otherwise (and `req.resolveAuth()`, its auth context). An expired access token is renewed
 * when the Admin.NET refresh header `X-Authorization: Bearer <refresh token>` is valid: the new pair is
 * answered in the `access-token` and `x-access-token` headers.
 */
export const registerAuth = (
  app: FastifyInstance,
  deps: { tokens: TokenService; sessions: SessionService; clock: Clock },
) => {
  const verify = createAccessVerifier(deps);
  const cache = new WeakMap<FastifyRequest, Promise<VerifiedCaller | null>>();

  const resolve = async (req: FastifyRequest): Promise<VerifiedCaller | null> => {
    const token = bearer(req.headers.authorization);
    if (!token) return null;
    const outcome = await verify(token);
    if (typeof outcome !== 'string') return outcome;
    if (outcome === 'token_expired') {
      const refreshToken = bearer(req.headers['x-authorization']);
      const renewed = refreshToken ? await deps.sessions.refresh(refreshToken) : null;
      const membership = renewed ? await deps.sessions.activeMembership(renewed.auth.sessionId) : null;
      if (renewed && membership) {
        req.renewedTokens = { accessToken: renewed.accessToken, refreshToken: renewed.refreshToken };
        return { auth: renewed.auth, membership };
      }
    }
    throw new AppError(401, outcome);
  };

  app.decorateRequest('renewedTokens', null);
  app.decorateRequest('resolveCaller', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolve(this);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('resolveAuth', async function (this: FastifyRequest) {
    return (await this.resolveCaller())?.auth ?? null;
  });
  // A callback hook, not an async one: it runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.renewedTokens) {
      reply.header('access-token', req.renewedTokens.accessToken);
      reply.header('x-access-token', req.renewedTokens.refreshToken);
    }
    done(null, payload);
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    renewedTokens: { accessToken: string; refreshToken: string } | null;
    resolveCaller(): Promise<VerifiedCaller | null>;
  }
}
