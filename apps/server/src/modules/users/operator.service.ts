import {
  DEFAULT_AVATAR,
  RealNameStatus,
  ROBOT_USER_ID,
  SERVICE_USER_ID,
  hubCloseReasons,
  maskPhone,
  type endpoints,
  type ParsedBodyOf,
  type ResultOf,
} from '@app/contract';
import './users.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { defaultNickName, type UserRow } from '../../platform/identity/users.repository.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { hashPassword } from '../../platform/auth/password.js';
import type { SessionService } from '../../platform/auth/session.service.js';
import type { HubCore } from '../../platform/hub/hub.js';
import { mapPage } from '../../platform/db/paged.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { UsersRepositories } from './users.repository.js';
import type { FastifyBaseLogger } from 'fastify';
import { decisionNoticeInTx, type NoticeInTx } from '../../platform/notify.js';
import './operator.messages.js';

type ConsoleUser = ResultOf<typeof endpoints.consoleUserBan>;
type ConsoleUserDetail = ResultOf<typeof endpoints.consoleUserDetail>;
type GrantBody = ParsedBodyOf<typeof endpoints.consoleUserGrant>;

const DAY = 86_400_000;
/** "Until unbanned": a ban with no end is stored as this instant. */
const BANNED_FOREVER = new Date('9999-12-31T00:00:00.000Z');

/** The real-name state and totals the console shows with a user (the target, not the caller); other modules answer them. */
interface UserFacts {
  realNameStatus(tenantId: number, userIds: number[]): Promise<Map<number, 0 | 1 | 2 | 4>>;
  realName(
    tenantId: number,
    targetUid: number,
  ): Promise<{ realName: string; idCardNum: string; submitTime: string } | null>;
  totals(
    tenantId: number,
    targetUid: number,
  ): Promise<{ orderCount: number; paidFen: number; articleCount: number }>;
}

interface OperatorDeps {
  store: UsersRepositories;
  clock: Clock;
  sessions: SessionService;
  hub: HubCore;
  facts: UserFacts;
  /** The user's notice of a grant, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
  log: FastifyBaseLogger;
}

const isBanned = (row: UserRow, now: Date) => row.bannedUntil !== null && row.bannedUntil > now;

type Repos = UsersRepositories['repos'];

/** Users as the console shows them, and a live user loaded (locked) for a decision. */
const createConsoleUsers = ({ store, clock, facts }: OperatorDeps) => {
  const repo = store.repos.operator;
  const toUsers = async (tenantId: number, rows: UserRow[]): Promise<ConsoleUser[]> => {
    const now = clock.now();
    const states = await facts.realNameStatus(
      tenantId,
      rows.map((r) => r.id),
    );
    const seen = await repo.lastSeen(rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      account: row.account,
      nickName: row.nickName ?? defaultNickName(row.phone),
      avatar: row.avatar ?? DEFAULT_AVATAR,
      phone: row.phone ? maskPhone(row.phone) : null,
      roles: row.roles,
      banned: isBanned(row, now),
      banUntil: isBanned(row, now) ? row.bannedUntil!.toISOString() : null,
      vipExpire: row.vipExpireAt?.toISOString() ?? null,
      gold: row.gold,
      points: row.points,
      realNameStatus: states.get(row.id) ?? RealNameStatus.None,
      createTime: row.createdAt.toISOString(),
      lastActiveTime: seen.get(row.id)?.toISOString() ?? null,
    }));
  };

  /** A live user (its row locked when `lock`, with a transaction's repositories). */
  const load = async ({ users: accounts }: Repos, tenantId: number, targetUid: number, lock = false) => {
    const row = lock
      ? await accounts.lockLive(tenantId, targetUid)
      : await accounts.liveById(tenantId, targetUid);
    if (!row) throw notFound('console_not_found');
    return row;
  };
  /** The user an operator acted on, as the console shows it. */
  const user = async ({ tenantId }: Actor, targetUid: number) =>
    (await toUsers(tenantId, [await load(store.repos, tenantId, targetUid)]))[0]!;

  return { toUsers, load, user };
};

type OperatorParts = OperatorDeps & {
  users: ReturnType<typeof createConsoleUsers>;
};

/** Reading accounts: a user, the search page, the detail, the ledger and the sessions. */
const createUserReads = ({ store, clock, facts, users }: OperatorParts) => {
  const { toUsers, load } = users;
  const repo = store.repos.operator;
  return {
    user: users.user,

    async page({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleUserPage>) {
      const page = await repo.userPage(tenantId, q, clock.now());
      return { ...page, items: await toUsers(tenantId, page.items) };
    },

    async detail({ tenantId }: Actor, userId: number): Promise<ConsoleUserDetail> {
      const row = await load(store.repos, tenantId, userId);
      const [base, realName, totals] = await Promise.all([
        toUsers(tenantId, [row]),
        facts.realName(tenantId, userId),
        facts.totals(tenantId, userId),
      ]);
      return {
        ...base[0]!,
        introduction: row.introduction ?? '',
        banReason: isBanned(row, clock.now()) ? row.banReason : null,
        realName,
        ...totals,
      };
    },

    async ledger({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleUserLedger>) {
      const page = await repo.ledgerPage(tenantId, q);
      return mapPage(page, (rows) =>
        rows.map((r) => ({
          id: r.id,
          asset: r.currency,
          amount: r.amount,
          balanceAfter: r.balanceAfter,
          reason: r.refType ? `${r.reason} (${r.refType}${r.refId ? ` ${r.refId}` : ''})` : r.reason,
          createTime: r.createdAt.toISOString(),
        })),
      );
    },

    async sessions({ tenantId }: Actor, userId: number) {
      await load(store.repos, tenantId, userId);
      const now = clock.now();
      const rows = await repo.recentSessions(userId, 50);
      return rows.map((s) => ({
        id: s.id,
        client: null,
        ip: null,
        createTime: s.createdAt.toISOString(),
        lastSeenTime: s.lastUsedAt.toISOString(),
        active: !s.revokedAt && s.expiresAt > now,
      }));
    },
  };
};

/** Bans: inside a decision's transaction (a report's resolution), and the console's ban and unban. */
const createUserBans = ({ store, clock, hub, users }: OperatorParts) => {
  const { load, user } = users;
  /** Operators, the robot and customer service are never banned from the console. */
  const assertBannable = (row: UserRow) => {
    if (
      row.id === ROBOT_USER_ID ||
      row.id === SERVICE_USER_ID ||
      row.roles.includes('admin') ||
      row.roles.includes('system')
    )
      throw new AppError(409, 'console_protected_user');
  };

  /** Bans inside the caller's transaction (a report's resolution uses it too); sessions end after commit. */
  const banInTx = async (tx: Tx, actor: Actor, userId: number, days: number | null, reason: string) => {
    const repos = store.within(tx);
    const row = await load(repos, actor.tenantId, userId, true);
    assertBannable(row);
    const until = days === null ? BANNED_FOREVER : new Date(clock.now().getTime() + days * DAY);
    const accounts = repos.operator;
    await accounts.setBan(userId, until, reason, clock.now());
    await accounts.revokeSessions(userId, clock.now());
    await writeAudit(tx, actor, {
      action: 'user.ban',
      targetType: 'user',
      targetId: userId,
      before: { bannedUntil: row.bannedUntil?.toISOString() ?? null, banReason: row.banReason },
      after: { bannedUntil: until.toISOString(), banReason: reason },
      reason,
    });
  };

  /** After a ban commits: the app's live connections are told and closed. */
  const afterBan = (userId: number) => hub.forceOffline(userId, hubCloseReasons.accountBanned);

  return {
    banInTx,
    afterBan,

    async ban(actor: Actor, body: ParsedBodyOf<typeof endpoints.consoleUserBan>) {
      await store.transaction((_repos, tx) => banInTx(tx, actor, body.userId, body.days, body.reason));
      await afterBan(body.userId);
      return user(actor, body.userId);
    },

    async unban(actor: Actor, body: ParsedBodyOf<typeof endpoints.consoleUserUnban>) {
      await store.transaction(async (repos, tx) => {
        const row = await load(repos, actor.tenantId, body.userId, true);
        await repos.operator.setBan(row.id, null, null, clock.now());
        await writeAudit(tx, actor, {
          action: 'user.unban',
          targetType: 'user',
          targetId: row.id,
          before: { bannedUntil: row.bannedUntil?.toISOString() ?? null, banReason: row.banReason },
          after: { bannedUntil: null },
          reason: body.reason,
        });
      });
      return user(actor, body.userId);
    },
  };
};

/** Grants of gold, points and VIP days, and password resets. */
const createUserGrants = ({ store, clock, hub, noticeInTx, log, users }: OperatorParts) => {
  const { load, user } = users;
  return {
    /**
     * Gives or takes gold, points or VIP days: the change, its audit row and the user's notice commit together.
     * Gold and points go through the ledger (never below 0); VIP days move the expiry from the later of now.
     */
    async grant(actor: Actor, body: GrantBody) {
      const push = await store.transaction(async (repos, tx) => {
        const row = await load(repos, actor.tenantId, body.userId, true);
        let before: unknown;
        let after: unknown;
        if (body.kind === 'vip_days') {
          const now = clock.now();
          const from = row.vipExpireAt && row.vipExpireAt > now ? row.vipExpireAt : now;
          const expire = new Date(from.getTime() + body.amount * DAY);
          if (expire <= now && body.amount < 0 && !(row.vipExpireAt && row.vipExpireAt > now))
            throw new AppError(409, 'console_insufficient_balance');
          await repos.operator.setVipExpiry(row.id, expire, Math.max(row.vipLevel, 1), now);
          before = { vipExpire: row.vipExpireAt?.toISOString() ?? null };
          after = { vipExpire: expire.toISOString() };
        } else {
          const balance = await changeBalance(tx, {
            at: clock.now(),
            tenantId: actor.tenantId,
            userId: row.id,
            currency: body.kind,
            amount: body.amount,
            reason: 'operator_grant',
            refType: 'operator',
            refId: String(actor.uid),
          }).catch((error: unknown) => {
            if (error instanceof AppError && error.status === 409)
              throw new AppError(409, 'console_insufficient_balance');
            throw error;
          });
          before = { [body.kind]: row[body.kind] };
          after = { [body.kind]: balance };
        }
        await writeAudit(tx, actor, {
          action: `user.grant_${body.kind}`,
          targetType: 'user',
          targetId: row.id,
          before,
          after,
          reason: body.reason,
        });
        return decisionNoticeInTx(noticeInTx, log, tx, {
          tenantId: actor.tenantId,
          uid: row.id,
          keys: { title: 'console_user_granted_title', content: 'console_user_granted' },
          params: { what: `${body.kind} ${body.amount > 0 ? '+' : ''}${body.amount}`, reason: body.reason },
        });
      });
      await push();
      return user(actor, body.userId);
    },

    /** Sets a new password and ends every session (the app is forced offline). */
    async resetPassword(actor: Actor, body: ParsedBodyOf<typeof endpoints.consoleUserResetPassword>) {
      const hash = await hashPassword(body.password);
      await store.transaction(async (repos, tx) => {
        const row = await load(repos, actor.tenantId, body.userId, true);
        await repos.users.setPassword(actor.tenantId, row.id, hash, clock.now(), true);
        await repos.operator.revokeSessions(row.id, clock.now());
        await writeAudit(tx, actor, {
          action: 'user.reset_password',
          targetType: 'user',
          targetId: row.id,
          reason: body.reason,
        });
      });
      await hub.forceOffline(body.userId, hubCloseReasons.passwordChanged);
      return { id: body.userId };
    },
  };
};

/** Operators' side of accounts: search, detail, ban, grants and password resets. */
export const createUserOperatorService = (deps: OperatorDeps) => {
  const parts = { ...deps, users: createConsoleUsers(deps) };
  return {
    ...createUserReads(parts),
    ...createUserBans(parts),
    ...createUserGrants(parts),
  };
};
