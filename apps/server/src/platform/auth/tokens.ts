import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

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

export const createTokenService = (secret: string, accessTtlSeconds: number) => {
  const key = new TextEncoder().encode(secret);
  return {
    accessTtlSeconds,
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
    /** Verifies signature (algorithm pinned to HS256) and expiry against the given clock. */
    async verifyAccess(token: string, now: Date): Promise<AccessClaims | VerifyFailure> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: now,
        });
        const { uid, tenantId, roles, permissions, sid, exp } = payload as Record<string, unknown>;
        if (
          typeof uid !== 'number' ||
          typeof tenantId !== 'number' ||
          typeof sid !== 'string' ||
          typeof exp !== 'number' ||
          !Array.isArray(roles)
        ) {
          return 'token_invalid';
        }
        return {
          uid,
          tenantId,
          sid,
          exp,
          roles: roles.map(String),
          permissions: Array.isArray(permissions) ? permissions.map(String) : [],
        };
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'token_expired' : 'token_invalid';
      }
    },
  };
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
