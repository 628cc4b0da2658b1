import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import '../audit/audit.messages.js';
import type { Db } from '../db/client.js';
import { createSessionCheckCache, type ListenFn, type SessionCheck } from './session-check-cache.js';
import { sessions, users } from '../identity/identity.table.js';
import {
  formatRefreshToken,
  hashSecret,
  newRefreshSecret,
  newSessionId,
  parseRefreshToken,
  type AccessClaims,
  type TokenService,
} from './tokens.js';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface AuthContext {
  uid: number;
  tenantId: number;
  roles: string[];
  permissions: string[];
  sessionId: string;
  isGuest: boolean;
  isAdmin: boolean;
}

/** The user's membership as read with the session (vipLevel 0: not a member). */
export interface Membership {
  vipLevel: number;
  vipExpireAt: Date | null;
}

const REFRESH_GRACE_MS = 30_000;

const toAuthContext = (claims: Omit<AccessClaims, 'exp'>): AuthContext => ({
  uid: claims.uid,
  tenantId: claims.tenantId,
  roles: claims.roles,
  permissions: claims.permissions,
  sessionId: claims.sid,
  isGuest: claims.roles.includes('guest'),
  isAdmin: claims.roles.includes('admin'),
});

/** Permissions granted by role; admin passes every permission check anyway. */
const permissionsFor = (roles: string[]): string[] => (roles.includes('admin') ? ['*'] : []);

interface SessionDeps {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  refreshTtlSeconds: number;
  /** The database's LISTEN: session checks are then remembered until a trigger says otherwise. */
  listen?: ListenFn;
  /** The database client's report of this process's statements (its own writes forget at once). */
  onQuery?: (handler: (sql: string) => void) => void;
}

/** Checking a session on each request: active, its user's current roles and membership (remembered when listened). */
const createSessionChecks = (deps: SessionDeps) => {
  const { db, clock } = deps;
  const cache = deps.listen ? createSessionCheckCache(deps.listen, deps.onQuery) : null;
  const lookup = async (sessionId: string) => {
    const [row] = await db
      .select({
        userId: sessions.userId,
        tenantId: sessions.tenantId,
        sessionRoles: sessions.roles,
        userRoles: users.roles,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        deletedAt: users.deletedAt,
        vipLevel: users.vipLevel,
        vipExpireAt: users.vipExpireAt,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    if (!row || row.revokedAt || row.deletedAt) return null;
    return {
      userId: row.userId,
      tenantId: row.tenantId,
      // A user's roles are their row's, now: a role taken away ends its use at once. Guests keep the session's.
      roles: row.userRoles ?? row.sessionRoles,
      expiresAt: row.expiresAt,
      membership: { vipLevel: row.vipLevel ?? 0, vipExpireAt: row.vipExpireAt },
    };
  };

  /**
   * The session's check while it exists, is not revoked or expired, and its user is not deleted; null
   * otherwise: its user, tenant, the user's current roles and membership, read in one row (the chat relay's
   * quota needs the membership too, without a second query).
   */
  const activeSession = async (sessionId: string): Promise<SessionCheck | null> => {
    const now = clock.now();
    const check =
      cache?.get(sessionId, now) ??
      (await (cache ? cache.remember(sessionId, () => lookup(sessionId)) : lookup(sessionId)));
    return check && check.expiresAt > now ? check : null;
  };

  /** The user's membership while the session is active; null otherwise. */
  const activeMembership = async (sessionId: string): Promise<Membership | null> =>
    (await activeSession(sessionId))?.membership ?? null;

  return {
    /** True while the session exists, is not revoked or expired, and its user is not deleted. */
    async isActive(sessionId: string): Promise<boolean> {
      return (await activeMembership(sessionId)) !== null;
    },

    activeSession,
    activeMembership,

    /**
     * The caller an access token names, checked against its session: the session must be active and
     * belong to the token's user and tenant; the roles are the user's current ones, not the token's.
     */
    async verifiedCaller(
      claims: Omit<AccessClaims, 'exp'>,
    ): Promise<{ auth: AuthContext; membership: Membership } | null> {
      const check = await activeSession(claims.sid);
      if (!check || (check.userId ?? 0) !== claims.uid || check.tenantId !== claims.tenantId) return null;
      return {
        auth: toAuthContext({ ...claims, roles: check.roles, permissions: permissionsFor(check.roles) }),
        membership: check.membership,
      };
    },
  };
};

/** Issuing tokens: a session started (refused while banned) and its refresh token rotated. */
const createSessionIssuing = (deps: SessionDeps) => {
  const { db, tokens, clock } = deps;
  const issue = async (sessionId: string, uid: number, tenantId: number, roles: string[]) => {
    const accessToken = await tokens.signAccess(
      { uid, tenantId, roles, permissions: permissionsFor(roles), sid: sessionId },
      clock.now(),
    );
    return accessToken;
  };

  return {
    /** Starts a session for a user (uid) or a guest (uid 0, role guest). */
    async start(input: { uid: number; tenantId: number; roles: string[] }): Promise<TokenPair> {
      const sessionId = newSessionId();
      const secret = newRefreshSecret();
      const now = clock.now();
      if (input.uid > 0) {
        // Every login path starts here: an operator's ban refuses them all until it ends.
        const [user] = await db
          .select({ bannedUntil: users.bannedUntil })
          .from(users)
          .where(eq(users.id, input.uid));
        if (user?.bannedUntil && user.bannedUntil > now) throw new AppError(403, 'account_banned');
      }
      await db.insert(sessions).values({
        id: sessionId,
        tenantId: input.tenantId,
        userId: input.uid > 0 ? input.uid : null,
        roles: input.roles,
        refreshHash: hashSecret(secret),
        expiresAt: new Date(now.getTime() + deps.refreshTtlSeconds * 1000),
        createdAt: now,
        lastUsedAt: now,
      });
      return {
        accessToken: await issue(sessionId, input.uid, input.tenantId, input.roles),
        refreshToken: formatRefreshToken(sessionId, secret),
      };
    },

    /**
     * Rotates the refresh token. A token replaced within the last 30 s is still accepted (concurrent
     * refreshes); an older one means the token leaked, so the session is revoked.
     */
    async refresh(refreshToken: string): Promise<(TokenPair & { auth: AuthContext }) | null> {
      const parsed = parseRefreshToken(refreshToken);
      if (!parsed) return null;
      const now = clock.now();
      const hash = hashSecret(parsed.secret);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sessions)
          .leftJoin(users, eq(users.id, sessions.userId))
          .where(eq(sessions.id, parsed.sessionId))
          .for('update', { of: sessions })
          .limit(1);
        if (
          !row ||
          row.user_session.revokedAt ||
          row.user_session.expiresAt <= now ||
          row.app_user?.deletedAt
        )
          return null;
        const session = row.user_session;
        const inGrace =
          session.prevRefreshHash === hash &&
          session.rotatedAt &&
          now.getTime() - session.rotatedAt.getTime() < REFRESH_GRACE_MS;
        if (session.refreshHash !== hash && !inGrace) {
          await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.id));
          return null;
        }
        // A renewal repeated within the grace window (concurrent requests) answers the pair the first one
        // issued: the new secret is derived from the presented one, so nothing is rotated twice.
        const secret = tokens.nextRefreshSecret(hash);
        if (!inGrace) {
          await tx
            .update(sessions)
            .set({
              refreshHash: hashSecret(secret),
              prevRefreshHash: session.refreshHash,
              rotatedAt: now,
              lastUsedAt: now,
            })
            .where(eq(sessions.id, session.id));
        }
        const uid = session.userId ?? 0;
        const roles = row.app_user?.roles ?? session.roles;
        const accessToken = await issue(session.id, uid, session.tenantId, roles);
        return {
          accessToken,
          refreshToken: formatRefreshToken(session.id, secret),
          auth: toAuthContext({
            uid,
            tenantId: session.tenantId,
            roles,
            permissions: permissionsFor(roles),
            sid: session.id,
          }),
        };
      });
    },
  };
};

/** Ending sessions: one, or every session of a user. */
const createSessionRevoking = ({ db, clock }: SessionDeps) => ({
  async revoke(sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  /** Ends every session of a user (password change, account deletion); `exceptSessionId` keeps one. */
  async revokeAllForUser(uid: number, exceptSessionId?: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(sessions.userId, uid),
          isNull(sessions.revokedAt),
          exceptSessionId ? or(sql`${sessions.id} <> ${exceptSessionId}`) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },
});

export const createSessionService = (deps: SessionDeps) => ({
  ...createSessionChecks(deps),
  ...createSessionIssuing(deps),
  ...createSessionRevoking(deps),
});
export type SessionService = ReturnType<typeof createSessionService>;
