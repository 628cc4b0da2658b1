import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { paged } from '../../../platform/db/paged.js';
import { ambassadorApplications, ambassadorSubmissions, ambassadorTasks } from '../commerce.table.js';

export type ApplicationRow = typeof ambassadorApplications.$inferSelect;
export type SubmissionRow = typeof ambassadorSubmissions.$inferSelect;
export type TaskRow = typeof ambassadorTasks.$inferSelect;

/** Both review queues (applications, task submissions) have the same columns for their state and review. */
type ReviewQueue = typeof ambassadorApplications | typeof ambassadorSubmissions;
type ReviewState = ApplicationRow['state'];

export const createAmbassadorRepository = (db: DbOrTx) => {
  /** One page of a review queue, newest first, optionally of one state. */
  const queuePage = <Q extends ReviewQueue>(
    queue: Q,
    tenantId: number,
    q: { page: number; pageSize: number; state?: ReviewState },
  ) => {
    const table = queue as ReviewQueue;
    const where = and(eq(table.tenantId, tenantId), q.state ? eq(table.state, q.state) : undefined);
    return paged<Q['$inferSelect']>(
      q,
      db.select().from(table).where(where).orderBy(desc(table.createdAt), desc(table.id)),
      db.select({ total: count() }).from(table).where(where),
    );
  };

  /** Approves or rejects a pending entry of a review queue; undefined when it is not pending (or not there). */
  const review = async <Q extends ReviewQueue>(
    queue: Q,
    tenantId: number,
    body: { id: number; approve: boolean; note?: string },
    now: Date,
  ): Promise<Q['$inferSelect'] | undefined> => {
    const table = queue as ReviewQueue;
    const [row] = await db
      .update(table)
      .set({ state: body.approve ? 'approved' : 'rejected', reviewNote: body.note ?? null, reviewedAt: now })
      .where(and(eq(table.tenantId, tenantId), eq(table.id, body.id), eq(table.state, 'pending')))
      .returning();
    return row;
  };

  return {
    queuePage,
    review,

    enabledTasks: (tenantId: number) =>
      db
        .select()
        .from(ambassadorTasks)
        .where(and(eq(ambassadorTasks.tenantId, tenantId), eq(ambassadorTasks.status, 1)))
        .orderBy(asc(ambassadorTasks.orderNo), asc(ambassadorTasks.id)),

    async enabledTask(tenantId: number, id: number): Promise<TaskRow | undefined> {
      const [task] = await db
        .select()
        .from(ambassadorTasks)
        .where(
          and(
            eq(ambassadorTasks.tenantId, tenantId),
            eq(ambassadorTasks.id, id),
            eq(ambassadorTasks.status, 1),
          ),
        )
        .limit(1);
      return task;
    },

    async latestApplication(tenantId: number, userId: number): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(ambassadorApplications)
        .where(and(eq(ambassadorApplications.tenantId, tenantId), eq(ambassadorApplications.userId, userId)))
        .orderBy(desc(ambassadorApplications.createdAt), desc(ambassadorApplications.id))
        .limit(1);
      return row ?? null;
    },

    async insertApplication(values: typeof ambassadorApplications.$inferInsert): Promise<ApplicationRow> {
      const [row] = await db.insert(ambassadorApplications).values(values).returning();
      return row!;
    },

    submissionsOf(tenantId: number, userId: number, taskId?: number) {
      const conditions: SQL[] = [
        eq(ambassadorSubmissions.tenantId, tenantId),
        eq(ambassadorSubmissions.userId, userId),
      ];
      if (taskId !== undefined) conditions.push(eq(ambassadorSubmissions.taskId, taskId));
      return db
        .select()
        .from(ambassadorSubmissions)
        .where(and(...conditions))
        .orderBy(desc(ambassadorSubmissions.createdAt), desc(ambassadorSubmissions.id));
    },

    async submission(tenantId: number, id: number, userId?: number): Promise<SubmissionRow | undefined> {
      const conditions: SQL[] = [
        eq(ambassadorSubmissions.tenantId, tenantId),
        eq(ambassadorSubmissions.id, id),
      ];
      if (userId !== undefined) conditions.push(eq(ambassadorSubmissions.userId, userId));
      const [row] = await db
        .select()
        .from(ambassadorSubmissions)
        .where(and(...conditions))
        .limit(1);
      return row;
    },

    async insertSubmission(values: typeof ambassadorSubmissions.$inferInsert): Promise<SubmissionRow> {
      const [row] = await db.insert(ambassadorSubmissions).values(values).returning();
      return row!;
    },

    /** Marks an approved submission's reward claimed; undefined when it was claimed already. */
    async claimReward(id: number, now: Date): Promise<SubmissionRow | undefined> {
      const [row] = await db
        .update(ambassadorSubmissions)
        .set({ rewardClaimedAt: now })
        .where(
          and(
            eq(ambassadorSubmissions.id, id),
            eq(ambassadorSubmissions.state, 'approved'),
            isNull(ambassadorSubmissions.rewardClaimedAt),
          ),
        )
        .returning();
      return row;
    },
  };
};
export type AmbassadorRepository = ReturnType<typeof createAmbassadorRepository>;
