import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { users } from '../../platform/identity/identity.table.js';
import { realNames } from './real-name.table.js';

export type RealNameRow = typeof realNames.$inferSelect;
type Submission = Omit<typeof realNames.$inferInsert, 'id' | 'tenantId' | 'userId'>;

/** Removes a user's real-name submission and its encrypted ID number (account deletion). */
export const deleteRealName = async (tx: DbOrTx, userId: number): Promise<void> => {
  await tx.delete(realNames).where(eq(realNames.userId, userId));
};

export const createRealNameRepository = (db: DbOrTx) => ({
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

  /** Nick names and phones of the submitters. */
  people: (userIds: number[]) =>
    userIds.length
      ? db
          .select({ id: users.id, nickName: users.nickName, phone: users.phone })
          .from(users)
          .where(inArray(users.id, userIds))
      : Promise.resolve([]),
});
