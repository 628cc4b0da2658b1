import { and, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import { filterInstant } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { authorSummariesOf } from '../../platform/identity/author.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import { dailyCheckIns } from '../activity/index.js';
import { dailyChatQuestions } from '../chat/index.js';
import { dailyActivity } from '../stats/index.js';
import { createRollupRepository } from './rollup.repository.js';
import { auditLog } from '../../platform/audit/audit.table.js';
import { consoleKeysetPage } from '../../platform/db/console-keyset-page.js';
import { escapeLike, shanghaiDay } from '../../platform/db/sql.js';
import { users } from '../../platform/identity/identity.table.js';
import { ledger } from '../../platform/wallet/wallet.table.js';
import { jobs } from '../../platform/jobs/job.table.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** The console's own reads: the audit log and the dashboard's aggregates over the platform's tables. */
const createConsoleRepository = (db: DbOrTx) => ({
  /** Audit rows by operator, action (a name, or a prefix ending in '.'), target and time, in SQL. */
  auditPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleAuditPage>) {
    const f = q.filters;
    const conditions: SQL[] = [eq(auditLog.tenantId, tenantId)];
    if (f.operatorId) conditions.push(eq(auditLog.operatorId, f.operatorId));
    if (f.action) {
      conditions.push(
        f.action.endsWith('.')
          ? like(auditLog.action, `${escapeLike(f.action)}%`)
          : eq(auditLog.action, f.action),
      );
    }
    if (f.targetType) conditions.push(eq(auditLog.targetType, f.targetType));
    if (f.targetId) conditions.push(eq(auditLog.targetId, f.targetId));
    if (f.from) conditions.push(gte(auditLog.createdAt, filterInstant(f.from)));
    if (f.to) conditions.push(lt(auditLog.createdAt, filterInstant(f.to)));
    return consoleKeysetPage(db, q, {
      table: auditLog,
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      where: and(...conditions),
      unfiltered: conditions.length === 1,
      byCreateTime: true,
      otherOrder: [],
      rows: (where, order) =>
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(...order),
    });
  },

  /** New accounts per Asia/Shanghai day in [since, until). */
  newUsersByDay(tenantId: number, since: Date, until: Date) {
    const day = shanghaiDay(users.createdAt);
    return db
      .select({ day, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), gte(users.createdAt, since), lt(users.createdAt, until)))
      .groupBy(day);
  },

  /** Gold spent per Asia/Shanghai day in [since, until): debits, refunds' reversals (the buyer's and the referrer's) excluded. */
  goldSpentByDay(tenantId: number, since: Date, until: Date) {
    const day = shanghaiDay(ledger.createdAt);
    return db
      .select({ day, n: sql<number>`coalesce(-sum(${ledger.amount}), 0)::int` })
      .from(ledger)
      .where(
        and(
          eq(ledger.tenantId, tenantId),
          eq(ledger.currency, 'gold'),
          lt(ledger.amount, 0),
          sql`${ledger.reason} not in ('refund_reverse', 'referral_reverse')`,
          gte(ledger.createdAt, since),
          lt(ledger.createdAt, until),
        ),
      )
      .groupBy(day);
  },

  /** Jobs created in [since, until) per Asia/Shanghai day, type and state, with the finished ones' run time. */
  jobsByDay(tenantId: number, since: Date, until: Date) {
    const day = shanghaiDay(jobs.createdAt);
    const timed = sql`${jobs.finishedAt} IS NOT NULL AND ${jobs.startedAt} IS NOT NULL`;
    return db
      .select({
        day,
        type: jobs.type,
        state: jobs.state,
        count: sql<number>`count(*)::int`,
        timed: sql<number>`(count(*) FILTER (WHERE ${timed}))::int`,
        seconds: sql<number>`coalesce(sum(extract(epoch from (${jobs.finishedAt} - ${jobs.startedAt}))) FILTER (WHERE ${timed}), 0)::float8`,
      })
      .from(jobs)
      .where(and(eq(jobs.tenantId, tenantId), gte(jobs.createdAt, since), lt(jobs.createdAt, until)))
      .groupBy(day, jobs.type, jobs.state);
  },

  // ---- the robot's and customer service's profiles ----

  /** The users of these ids, by id. */
  profiles: (tenantId: number, ids: number[]) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)))
      .orderBy(users.id),

  /** New name, avatar or introduction; `dropNameTranslations` forgets the seeded name's translations. */
  async updateProfile(
    tenantId: number,
    id: number,
    change: Partial<Pick<typeof users.$inferSelect, 'nickName' | 'avatar' | 'introduction'>>,
    dropNameTranslations: boolean,
    now: Date,
  ) {
    const [row] = await db
      .update(users)
      .set({
        ...change,
        ...(dropNameTranslations ? { metadata: sql`${users.metadata} - 'i18n'` } : {}),
        updatedAt: now,
      })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
      .returning();
    return row!;
  },
});

/** The console's repositories, made once per module (over the pool, or a transaction's). */
export const createConsoleRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    console: createConsoleRepository(executor),
    rollups: createRollupRepository(executor),
    users: createUsersRepository(executor),
    /** Nick names and avatars of users by id (the audit log's operators). */
    authors: (ids: Iterable<number>) => authorSummariesOf(executor, ids),
    /** The daily figures other modules keep, through their public queries (the dashboard's rollups). */
    daily: {
      activity: (tenantId: number, from: string, to: string) => dailyActivity(executor, tenantId, from, to),
      chatQuestions: (tenantId: number, since: Date, until: Date) =>
        dailyChatQuestions(executor, tenantId, since, until),
      checkIns: (tenantId: number, from: string, to: string) => dailyCheckIns(executor, tenantId, from, to),
    },
  }));
export type ConsoleRepositories = ReturnType<typeof createConsoleRepositories>;
