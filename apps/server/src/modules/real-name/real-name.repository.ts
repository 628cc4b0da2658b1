import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy, waitingQueue } from '../../platform/db/sql.js';
import { users } from '../../platform/identity/identity.table.js';
import { realNames } from './real-name.table.js';

export type RealNameRow = typeof realNames.$inferSelect;
type Submission = Omit<typeof realNames.$inferInsert, 'id' | 'tenantId' | 'userId'>;

/** Removes a user's real-name submission and its encrypted ID number (account deletion). */
export const deleteRealName = async (tx: DbOrTx, userId: number): Promise<void> => {
  await tx.delete(realNames).where(eq(realNames.userId, userId));
};

const createRealNameRepository = (db: DbOrTx) => ({
  async of(tenantId: number, userId: number): Promise<RealNameRow | undefined> {
    const [row] = await db
      .select()
      .from(realNames)
      .where(and(eq(realNames.tenantId, tenantId), eq(realNames.userId, userId)))
      .limit(1);
    return row;
  },

  async exists(tenantId: number, id: number) {
    const [row] = await db
      .select({ id: realNames.id })
      .from(realNames)
      .where(and(eq(realNames.tenantId, tenantId), eq(realNames.id, id)));
    return !!row;
  },

  /** The user's submission, new or replacing the earlier one (one per user). */
  async save(tenantId: number, userId: number, values: Submission): Promise<RealNameRow> {
    const [row] = await db
      .insert(realNames)
      .values({ tenantId, userId, ...values })
      .onConflictDoUpdate({ target: realNames.userId, set: values })
      .returning();
    return row!;
  },

  /** Decides a pending submission; undefined when it is not pending (or not there). */
  async decide(
    tenantId: number,
    id: number,
    decision: { status: number; rejectReason: string | null; reviewerId: number; reviewedAt: Date },
    pending: number,
  ): Promise<RealNameRow | undefined> {
    const [row] = await db
      .update(realNames)
      .set(decision)
      .where(and(eq(realNames.tenantId, tenantId), eq(realNames.id, id), eq(realNames.status, pending)))
      .returning();
    return row;
  },

  /** Submissions of one status, oldest first (the review queue). */
  page(tenantId: number, status: number, page: { page: number; pageSize: number }) {
    const where = and(eq(realNames.tenantId, tenantId), eq(realNames.status, status));
    return paged(
      page,
      db.select().from(realNames).where(where).orderBy(asc(realNames.submittedAt), asc(realNames.id)),
      db.select({ total: count() }).from(realNames).where(where),
    );
  },

  async byId(tenantId: number, id: number): Promise<RealNameRow | undefined> {
    const [row] = await db
      .select()
      .from(realNames)
      .where(and(eq(realNames.tenantId, tenantId), eq(realNames.id, id)));
    return row;
  },

  /** The console's table: any status, keyword on real name, nickname or user id, sorted as asked. */
  consolePage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleRealNamePage>) {
    const conditions: SQL[] = [eq(realNames.tenantId, tenantId)];
    if (q.filters.status !== undefined) conditions.push(eq(realNames.status, q.filters.status));
    const keyword = q.filters.keyword;
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      const matches = [ilike(realNames.realName, like), ilike(users.nickName, like)];
      if (/^\d{1,9}$/.test(keyword)) matches.push(eq(realNames.userId, Number(keyword)));
      conditions.push(or(...matches)!);
    }
    const where = and(...conditions);
    const joined = () =>
      db.select({ row: realNames }).from(realNames).innerJoin(users, eq(users.id, realNames.userId));
    return paged(
      q,
      joined()
        .where(where)
        .orderBy(
          ...sortedBy(
            { submitTime: realNames.submittedAt, reviewTime: realNames.reviewedAt },
            q,
            'submitTime',
            realNames.id,
          ),
        ),
      db
        .select({ total: count() })
        .from(realNames)
        .innerJoin(users, eq(users.id, realNames.userId))
        .where(where),
    );
  },

  /** Nick names and phones of the submitters. */
  people: (userIds: number[]) =>
    userIds.length
      ? db
          .select({ id: users.id, nickName: users.nickName, phone: users.phone })
          .from(users)
          .where(inArray(users.id, userIds))
      : Promise.resolve([]),
});
export type RealNameRepository = ReturnType<typeof createRealNameRepository>;

/** The console's queue: pending submissions and when the oldest was submitted. */
export const realNameQueue = (db: DbOrTx, tenantId: number) =>
  waitingQueue(
    db,
    realNames,
    and(eq(realNames.tenantId, tenantId), eq(realNames.status, 1)),
    realNames.submittedAt,
  );

/** Real-name states of some users (absent: never submitted). */
export const realNameStatuses = async (db: DbOrTx, tenantId: number, userIds: number[]) => {
  if (!userIds.length) return new Map<number, 0 | 1 | 2 | 4>();
  const rows = await db
    .select({ userId: realNames.userId, status: realNames.status })
    .from(realNames)
    .where(and(eq(realNames.tenantId, tenantId), inArray(realNames.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.status as 0 | 1 | 2 | 4]));
};

/** A user's submission as the console's user page shows it (ID number masked). */
export const realNameSummary = async (db: DbOrTx, tenantId: number, userId: number) => {
  const row = await createRealNameRepository(db).of(tenantId, userId);
  return row
    ? { realName: row.realName, idCardNum: row.idCardMasked, submitTime: row.submittedAt.toISOString() }
    : null;
};

/** Real-name's repositories, made once per module (over the pool, or a transaction's). */
export const createRealNameRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({ realNames: createRealNameRepository(executor) }));
export type RealNameRepositories = ReturnType<typeof createRealNameRepositories>;
