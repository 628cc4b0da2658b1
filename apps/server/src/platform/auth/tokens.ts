import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export interface AccessClaims {
  uid: number;
  tenantId: number;
  roles: string[];
  permissions: string[];
  /** Session id: checked against the session table on every request, so revocation is immediate. */
  sid: string;
  exp: number;
}

export type VerifyFailure = 'token_expired' | 'token_invalid';

const ALGORITHM = 'HS256';

/** How many verified tokens are remembered (a hot read then skips the HMAC and two JSON parses). */
const VERIFIED_TOKENS_MAX = 10_000;

export const createTokenService = (secret: string, accessTtlSeconds: number) => {
  const key = new TextEncoder().encode(secret);
  // A token whose signature we checked once: the same string always verifies the same way; expiry is still
  // checked on every use.
  const verified = new Map<string, Record<string, unknown>>();
  const payloadOf = (token: string): Record<string, unknown> | null => {
    const known = verified.get(token);
    if (known) return known;
    const payload = verifyHs256(token, key);
    if (payload) {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, payload);
    }
    return payload;
  };
  return {
    accessTtlSeconds,
    /**
     * The refresh secret that replaces a presented one (by its hash): derived with the server key, so every
     * concurrent renewal of one token gets the same new token, and nobody without the key can compute it.
     */
    nextRefreshSecret(presentedHash: string): string {
      return createHmac('sha256', key).update(`refresh:${presentedHash}`).digest('base64url');
    },
    async signAccess(claims: Omit<AccessClaims, 'exp'>, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        uid: claims.uid,
        tenantId: claims.tenantId,
        roles: claims.roles,
        permissions: claims.permissions,
        sid: claims.sid,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + accessTtlSeconds)
        .sign(key);
    },
    /**
     * Verifies signature (algorithm pinned to HS256) and expiry against the given clock. Synchronous
     * node:crypto rather than jose's WebCrypto: every request does this, and WebCrypto's HMAC runs on the
     * thread pool, a hop each request pays for (the chat relay's first token too).
     */
    async verifyAccess(token: string, now: Date): Promise<AccessClaims | VerifyFailure> {
      const payload = payloadOf(token);
      if (!payload) return 'token_invalid';
      const { uid, tenantId, roles, permissions, sid, exp, nbf } = payload;
      const nowSeconds = Math.floor(now.getTime() / 1000);
      if (
        typeof uid !== 'number' ||
        typeof tenantId !== 'number' ||
        typeof sid !== 'string' ||
        typeof exp !== 'number' ||
        !Array.isArray(roles) ||
        (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds))
      ) {
        return 'token_invalid';
      }
      if (exp <= nowSeconds) {
        verified.delete(token);
        return 'token_expired';
      }
      return {
        uid,
        tenantId,
        sid,
        exp,
        roles: roles.map(String),
        permissions: Array.isArray(permissions) ? permissions.map(String) : [],
      };
    },
  };
};

const base64urlJson = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The payload of a compact JWS signed HS256 with `key`, or null: exactly three base64url parts, a header
 * naming HS256 and no critical extensions, and a signature equal (in constant time) to ours.
 */
const verifyHs256 = (token: string, key: Uint8Array): Record<string, unknown> | null => {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = base64urlJson(headerPart);
  if (!header || header.alg !== ALGORITHM || header.crit !== undefined) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return base64urlJson(payloadPart);
};
export type TokenService = ReturnType<typeof createTokenService>;

/** Refresh tokens are `<sessionId>.<secret>`; only the secret's hash is stored. */
export const newRefreshSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
export const newSessionId = (): string => randomUUID();
export const formatRefreshToken = (sessionId: string, secret: string): string => `${sessionId}.${secret}`;
export const parseRefreshToken = (token: string): { sessionId: string; secret: string } | null => {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,})$/.exec(token);
  return match ? { sessionId: match[1] ?? '', secret: match[2] ?? '' } : null;
};

/** Token helpers of spec §6. */
export const hasRole = (roles: readonly string[], role: string): boolean => roles.includes(role);
export const hasPermission = (
  roles: readonly string[],
  permissions: readonly string[],
  permission: string,
): boolean => roles.includes('admin') || permissions.includes(permission);
export const isTokenValid = (exp: number, now: Date): boolean => exp * 1000 > now.getTime();
