import { type endpoints, type ParsedBodyOf, type ResultOf } from '@app/contract';
import type { Db } from '../../../platform/db/client.js';
import type { Actor } from '../../../platform/identity/actor.js';
import { notFound } from '../../../platform/errors.js';
import { authorSummariesOf, authorSummaryIn } from '../../../platform/identity/author.js';
import { mapPage } from '../../../platform/db/paged.js';
import type { createAmbassadorService } from '../ambassador/ambassador.service.js';
import { toOrder, type OrderRow } from '../commerce.mappers.js';
import { ambassadorApplications, ambassadorSubmissions } from '../commerce.table.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import type { FileStorage } from '../../../platform/storage/file-storage.js';

type ConsoleOrder = ResultOf<typeof endpoints.consoleOrderDetail>;
type ConsoleApplication = ResultOf<typeof endpoints.consoleAmbassadorApplicationApprove>;
type ConsoleSubmission = ResultOf<typeof endpoints.consoleAmbassadorSubmissionApprove>;
type AmbassadorQuery = ParsedBodyOf<typeof endpoints.consoleAmbassadorApplicationPage>;

/** The console's tables of commerce: orders (offline payments included) and ambassador reviews. */
export const createCommerceConsoleViews = (deps: {
  /** For the users' summaries (platform/identity/author.ts reads with a database). */
  db: Db;
  store: CommerceRepositories;
  ambassadors: ReturnType<typeof createAmbassadorService>;
  /** The transfer screenshots' signed links. */
  storage: Pick<FileStorage, 'urlsById'>;
}) => {
  const { db, store, ambassadors, storage } = deps;
  const { views: repo } = store.repos;
  const orderItems = async (rows: OrderRow[]): Promise<ConsoleOrder[]> => {
    const [refs, proofs] = await Promise.all([
      authorSummariesOf(
        db,
        rows.map((r) => r.userId),
      ),
      storage.urlsById(rows.flatMap((r) => (r.transferFileId ? [r.transferFileId] : []))),
    ]);
    return rows.map((row) => ({
      ...toOrder(row),
      user: authorSummaryIn(refs, row.userId),
      remark: row.remark,
      transferProofUrl: row.transferFileId ? (proofs.get(row.transferFileId) ?? null) : null,
      transferProofTime: row.transferAt?.toISOString() ?? null,
    }));
  };

  const applicationItems = async (
    rows: (typeof ambassadorApplications.$inferSelect)[],
  ): Promise<ConsoleApplication[]> => {
    const refs = await authorSummariesOf(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => ({
      id: r.id,
      user: authorSummaryIn(refs, r.userId),
      platform: r.platform,
      accountName: r.accountName,
      followers: r.followers,
      contact: r.contact,
      reason: r.reason,
      state: r.state,
      reviewNote: r.reviewNote,
      reviewTime: r.reviewedAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
    }));
  };

  const submissionItems = async (
    rows: (typeof ambassadorSubmissions.$inferSelect)[],
  ): Promise<ConsoleSubmission[]> => {
    const [views, refs] = await Promise.all([
      ambassadors.toSubmissions(rows),
      authorSummariesOf(
        db,
        rows.map((r) => r.userId),
      ),
    ]);
    const taskIds = [...new Set(rows.map((r) => r.taskId))];
    const tasks = await repo.tasks(taskIds);
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    return views.map(({ userId, rewardTime: _claimedAt, ...view }) => {
      const task = taskById.get(view.taskId);
      return {
        ...view,
        user: authorSummaryIn(refs, userId),
        taskTitle: task?.title ?? '',
        rewardGold: task?.rewardGold ?? 0,
        rewardVipDays: task?.rewardVipDays ?? 0,
      };
    });
  };

  return {
    /** The console's queues of commerce: ambassador applications and screenshots, offline transfers. */
    queues: (tenantId: number) => repo.queues(tenantId),

    /** Paid orders in [since, until), per Asia/Shanghai day and pay method: count, revenue and gold granted. */
    paidOrdersByDay: (tenantId: number, since: Date, until: Date) =>
      repo.paidOrdersByDay(tenantId, since, until),

    /** The paid orders of the user an operator looks at, and what they paid, for the console's user page. */
    userTotals: (tenantId: number, targetUid: number) => repo.userTotals(tenantId, targetUid),

    async orderPage({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleOrderPage>) {
      const page = await repo.orderPage(tenantId, q);
      return { ...page, items: await orderItems(page.items) };
    },

    async order({ tenantId }: Actor, id: number): Promise<ConsoleOrder> {
      const row = await repo.order(tenantId, id);
      if (!row) throw notFound('order_not_found');
      return (await orderItems([row]))[0]!;
    },

    applicationPage: async ({ tenantId }: Actor, q: AmbassadorQuery) =>
      mapPage(await repo.reviewPage(ambassadorApplications, tenantId, q), applicationItems),

    async application({ tenantId }: Actor, id: number): Promise<ConsoleApplication> {
      const row = await repo.reviewEntry(ambassadorApplications, tenantId, id);
      if (!row) throw notFound('console_not_found');
      return (await applicationItems([row]))[0]!;
    },

    submissionPage: async ({ tenantId }: Actor, q: AmbassadorQuery) =>
      mapPage(await repo.reviewPage(ambassadorSubmissions, tenantId, q), submissionItems),

    async submission({ tenantId }: Actor, id: number): Promise<ConsoleSubmission> {
      const row = await repo.reviewEntry(ambassadorSubmissions, tenantId, id);
      if (!row) throw notFound('console_not_found');
      return (await submissionItems([row]))[0]!;
    },
  };
};
export type CommerceConsoleViews = ReturnType<typeof createCommerceConsoleViews>;
