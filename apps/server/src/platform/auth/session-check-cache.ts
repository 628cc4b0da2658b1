import type { Membership } from './session.service.js';

/** The channel the 0009 migration's triggers notify: `session:<id>` or `user:<id>`. */
export const SESSION_CHANGE_CHANNEL = 'app_session_changed';

/** Subscribes to a database notification channel (the embedded database's LISTEN). */
export type ListenFn = (channel: string, onPayload: (payload: string) => void) => Promise<unknown>;

/** What a request's session check needs, read from the session and its user in one row. */
export interface SessionCheck {
  userId: number | null;
  tenantId: number;
  /** The user's current roles (a guest session's own). */
  roles: string[];
  expiresAt: Date;
  membership: Membership;
}

/**
 * A statement of this process that changes what a session check reads: the columns the 0009/0016 triggers
 * watch (as drizzle writes them: `update "app_user" set "roles" = $1 …`), or a deletion.
 */
const SESSION_WRITE =
  /^\s*(?:delete\s+from\s+"(?:user_session|app_user)"|update\s+"user_session"\s+set\s.*"(?:revoked_at|expires_at|user_id)"\s*=|update\s+"app_user"\s+set\s.*"(?:vip_level|vip_expire_at|deleted_at|roles)"\s*=)/is;

/**
 * Session checks remembered until the database says the session or its user changed (a lookup per request
 * would be the only statement of most hot reads). Changes reach it two ways:
 * - this process's own writes, at once: `onQuery` reports each statement as it is sent, and one that touches
 *   a watched column forgets every check (the embedded database's triggers also notify in this thread);
 * - another process or an operator's plain SQL: the triggers' `NOTIFY`, heard as soon as it commits.
 * Expiry is checked on every read. Without a working LISTEN nothing is remembered.
 */
export const createSessionCheckCache = (
  listen: ListenFn,
  onQuery?: (handler: (sql: string) => void) => void,
  maxEntries = 10_000,
) => {
  const checks = new Map<string, SessionCheck>();
  let listening = false;
  /** Bumped by every change: a lookup that overlapped one is not remembered. */
  let version = 0;

  const forget = (payload: string) => {
    version += 1;
    const [kind, id] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
    if (kind === 'session') checks.delete(id);
    else if (kind === 'user') {
      const userId = Number(id);
      for (const [sessionId, check] of checks) if (check.userId === userId) checks.delete(sessionId);
    } else checks.clear();
  };
  onQuery?.((sql) => {
    if (SESSION_WRITE.test(sql)) forget('*:');
  });
  const ready = listen(SESSION_CHANGE_CHANNEL, forget).then(
    () => {
      listening = true;
    },
    // Without notifications nothing may be remembered: every check then asks the database.
    () => undefined,
  );

  return {
    ready,
    /** The remembered check of an unexpired session, or undefined (look it up, via `remember`). */
    get(sessionId: string, now: Date): SessionCheck | undefined {
      const check = checks.get(sessionId);
      if (check && check.expiresAt <= now) {
        checks.delete(sessionId);
        return undefined;
      }
      return check;
    },
    /** Runs a lookup and remembers its answer when no change happened meanwhile. */
    async remember(
      sessionId: string,
      lookup: () => Promise<SessionCheck | null>,
    ): Promise<SessionCheck | null> {
      const before = version;
      const check = await lookup();
      if (check && listening && version === before) {
        if (checks.size >= maxEntries) checks.delete(checks.keys().next().value!);
        checks.set(sessionId, check);
      }
      return check;
    },
  };
};
export type SessionCheckCache = ReturnType<typeof createSessionCheckCache>;
