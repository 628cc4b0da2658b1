import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { escapeLike, waitingQueue } from '../../platform/db/sql.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { paged, type Page } from '../../platform/db/paged.js';
import { authorSummaryColumns, type authorSummary } from '../../platform/identity/author.js';
import { users } from '../../platform/identity/identity.table.js';
import { feedbacks, type FeedbackImage } from './help.table.js';

type FeedbackRow = typeof feedbacks.$inferSelect;
export type FeedbackWithAuthor = { feedback: FeedbackRow; user: Parameters<typeof authorSummary>[0] };

/** The feedback table: the queries the help centre runs. */
export const createHelpRepository = (db: DbOrTx) => ({
  /** One page of feedback, newest first, each with its author. */
  feedbackPage(
    filter: { tenantId: number; userId?: number; status?: string; type?: string; keyword?: string },
    page: { page: number; pageSize: number },
    order: SQL[] = [desc(feedbacks.createdAt), desc(feedbacks.id)],
  ): Promise<Page<FeedbackWithAuthor>> {
    const conditions: SQL[] = [eq(feedbacks.tenantId, filter.tenantId)];
    if (filter.userId !== undefined) conditions.push(eq(feedbacks.userId, filter.userId));
    if (filter.status) conditions.push(eq(feedbacks.status, filter.status));
    if (filter.type) conditions.push(eq(feedbacks.type, filter.type));
    if (filter.keyword) conditions.push(ilike(feedbacks.content, `%${escapeLike(filter.keyword)}%`));
    const where = and(...conditions);
    return paged(
      page,
      db
        .select({ feedback: feedbacks, user: authorSummaryColumns })
        .from(feedbacks)
        .innerJoin(users, eq(users.id, feedbacks.userId))
        .where(where)
        .orderBy(...order),
      db.select({ total: count() }).from(feedbacks).where(where),
    );
  },

  async insert(values: {
    tenantId: number;
    userId: number;
    type: string;
    content: string;
    images: FeedbackImage[];
    contact: string | null;
    createdAt: Date;
  }): Promise<number> {
    const [row] = await db.insert(feedbacks).values(values).returning({ id: feedbacks.id });
    return row!.id;
  },

  /** Marks the feedback handled; undefined when this tenant has no such feedback. */
  async markHandled(
    tenantId: number,
    id: number,
    change: { reply: string | null; handledBy: number; handledAt: Date },
  ): Promise<FeedbackWithAuthor | undefined> {
    const [feedback] = await db
      .update(feedbacks)
      .set({ status: 'handled', ...change })
      .where(and(eq(feedbacks.tenantId, tenantId), eq(feedbacks.id, id)))
      .returning();
    if (!feedback) return undefined;
    const [user] = await db.select(authorSummaryColumns).from(users).where(eq(users.id, feedback.userId));
    return { feedback, user: user! };
  },
});

/** The console's queue: feedback waiting for a reply. */
export const feedbackQueue = (db: DbOrTx, tenantId: number) =>
  waitingQueue(
    db,
    feedbacks,
    and(eq(feedbacks.tenantId, tenantId), eq(feedbacks.status, 'pending')),
    feedbacks.createdAt,
  );

/** Help's repositories, made once per module (over the pool, or a transaction's). */
export const createHelpRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({ help: createHelpRepository(executor) }));
export type HelpRepositories = ReturnType<typeof createHelpRepositories>;
