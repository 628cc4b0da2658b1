import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import './commerce.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Visibility } from '../../platform/storage/storage.js';
import { files } from '../../platform/storage/file.table.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { users } from '../../platform/identity/identity.table.js';
import { ambassadorApplications, ambassadorSubmissions, ambassadorTasks } from './commerce.table.js';
import { isUniqueViolation } from '../../platform/db/sql.js';

const DAY = 86_400_000;

type ApplicationRow = typeof ambassadorApplications.$inferSelect;
type SubmissionRow = typeof ambassadorSubmissions.$inferSelect;
type TaskRow = typeof ambassadorTasks.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toTask = (t: TaskRow) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  steps: t.steps,
  rewardGold: t.rewardGold,
  rewardVipDays: t.rewardVipDays,
});

const toApplication = (a: ApplicationRow) => ({
  id: a.id,
  userId: a.userId,
  platform: a.platform,
  accountName: a.accountName,
  followers: a.followers,
  contact: a.contact,
  reason: a.reason,
  state: a.state,
  reviewNote: a.reviewNote,
  reviewTime: iso(a.reviewedAt),
  createTime: a.createdAt.toISOString(),
});

export const createAmbassadorService = (deps: {
  db: Db;
  clock: Clock;
  urlFor: (key: string, visibility: Visibility) => string;
}) => {
  const { db, clock, urlFor } = deps;

  const toSubmissions = async (rows: SubmissionRow[]) => {
    const ids = [...new Set(rows.flatMap((r) => r.fileIds))];
    const stored = ids.length
      ? await db
          .select({ id: files.id, key: files.storageKey, visibility: files.visibility })
          .from(files)
          .where(inArray(files.id, ids))
      : [];
    const urls = new Map(stored.map((f) => [f.id, urlFor(f.key, f.visibility as Visibility)]));
    return rows.map((s) => ({
      id: s.id,
      taskId: s.taskId,
      userId: s.userId,
      screenshots: s.fileIds.map((id) => urls.get(id)).filter((u): u is string => !!u),
      link: s.link,
      note: s.note,
      state: s.state,
      reviewNote: s.reviewNote,
      reviewTime: iso(s.reviewedAt),
      rewardState: (s.state !== 'approved' ? 'none' : s.rewardClaimedAt ? 'claimed' : 'claimable') as
        'none' | 'claimable' | 'claimed',
      rewardTime: iso(s.rewardClaimedAt),
      createTime: s.createdAt.toISOString(),
    }));
  };

  const tasks = (tenantId: number) =>
    db
      .select()
      .from(ambassadorTasks)
      .where(and(eq(ambassadorTasks.tenantId, tenantId), eq(ambassadorTasks.status, 1)))
      .orderBy(asc(ambassadorTasks.orderNo), asc(ambassadorTasks.id));

  const latestApplication = async (tenantId: number, userId: number) => {
    const [row] = await db
      .select()
      .from(ambassadorApplications)
      .where(and(eq(ambassadorApplications.tenantId, tenantId), eq(ambassadorApplications.userId, userId)))
      .orderBy(desc(ambassadorApplications.createdAt), desc(ambassadorApplications.id))
      .limit(1);
    return row ?? null;
  };

  const mySubmissions = (tenantId: number, userId: number, taskId?: number) => {
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
  };

  const loadSubmission = async (tenantId: number, id: number, userId?: number) => {
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
    if (!row) throw notFound('submission_not_found');
    return row;
  };

  return {
    tasks: async (tenantId: number) => (await tasks(tenantId)).map(toTask),

    async info(tenantId: number, userId: number) {
      const [application, taskRows, subs] = await Promise.all([
        latestApplication(tenantId, userId),
        tasks(tenantId),
        mySubmissions(tenantId, userId),
      ]);
      const mapped = await toSubmissions(subs);
      return {
        application: application ? toApplication(application) : null,
        tasks: taskRows.map((t) => ({
          task: toTask(t),
          submission: mapped.find((s) => s.taskId === t.id) ?? null,
        })),
      };
    },

    async apply(
      tenantId: number,
      userId: number,
      body: { platform: string; accountName: string; followers: number; contact: string; reason: string },
    ) {
      try {
        const [row] = await db
          .insert(ambassadorApplications)
          .values({ tenantId, userId, ...body, state: 'pending', createdAt: clock.now() })
          .returning();
        return toApplication(row!);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('ambassador_already_applied');
        throw err;
      }
    },

    async submit(
      tenantId: number,
      userId: number,
      body: { taskId: number; fileIds: number[]; link?: string; note?: string },
    ) {
      const application = await latestApplication(tenantId, userId);
      if (application?.state !== 'approved') throw forbidden('ambassador_not_approved');
      const [task] = await db
        .select()
        .from(ambassadorTasks)
        .where(
          and(
            eq(ambassadorTasks.tenantId, tenantId),
            eq(ambassadorTasks.id, body.taskId),
            eq(ambassadorTasks.status, 1),
          ),
        )
        .limit(1);
      if (!task) throw notFound('ambassador_task_not_found');
      const fileIds = [...new Set(body.fileIds)];
      // Only the caller's own uploads whose content was recognised as an image (magic bytes at upload).
      const images = await db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            eq(files.tenantId, tenantId),
            eq(files.userId, userId),
            eq(files.kind, 'image'),
            inArray(files.id, fileIds),
          ),
        );
      if (images.length !== fileIds.length) throw badRequest('screenshot_not_image');
      try {
        const [row] = await db
          .insert(ambassadorSubmissions)
          .values({
            tenantId,
            userId,
            taskId: task.id,
            fileIds,
            link: body.link ?? null,
            note: body.note ?? null,
            state: 'pending',
            rewardGold: task.rewardGold,
            rewardVipDays: task.rewardVipDays,
            createdAt: clock.now(),
          })
          .returning();
        return (await toSubmissions([row!]))[0]!;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('ambassador_already_submitted');
        throw err;
      }
    },

    async results(tenantId: number, userId: number, taskId?: number) {
      return toSubmissions(await mySubmissions(tenantId, userId, taskId));
    },

    /** Grants an approved submission's reward once: the conditional update decides who grants. */
    async claim(tenantId: number, userId: number, submissionId: number) {
      const current = await loadSubmission(tenantId, submissionId, userId);
      if (current.state !== 'approved') throw conflict('reward_not_claimable');
      const now = clock.now();
      const granted = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(ambassadorSubmissions)
          .set({ rewardClaimedAt: now })
          .where(
            and(
              eq(ambassadorSubmissions.id, current.id),
              eq(ambassadorSubmissions.state, 'approved'),
              isNull(ambassadorSubmissions.rewardClaimedAt),
            ),
          )
          .returning();
        if (!row) return false;
        if (row.rewardGold > 0) {
          await changeBalance(tx, {
            tenantId,
            userId,
            currency: 'gold',
            amount: row.rewardGold,
            reason: 'ambassador_reward',
            refType: 'ambassador',
            refId: String(row.id),
          });
        }
        if (row.rewardVipDays > 0) {
          const [user] = await tx
            .select({ vipLevel: users.vipLevel, vipExpireAt: users.vipExpireAt })
            .from(users)
            .where(eq(users.id, userId))
            .for('update');
          const active = !!user?.vipExpireAt && user.vipExpireAt.getTime() > now.getTime();
          const base = active ? user.vipExpireAt!.getTime() : now.getTime();
          await tx
            .update(users)
            .set({
              vipExpireAt: new Date(base + row.rewardVipDays * DAY),
              vipLevel: Math.max(active ? user.vipLevel : 0, 1),
              updatedAt: now,
            })
            .where(eq(users.id, userId));
        }
        return true;
      });
      const after = await loadSubmission(tenantId, submissionId, userId);
      return {
        submission: (await toSubmissions([after]))[0]!,
        gold: after.rewardGold,
        vipDays: after.rewardVipDays,
        granted,
      };
    },

    async adminApplications(
      tenantId: number,
      q: { page: number; pageSize: number; state?: ApplicationRow['state'] },
    ) {
      const conditions: SQL[] = [eq(ambassadorApplications.tenantId, tenantId)];
      if (q.state) conditions.push(eq(ambassadorApplications.state, q.state));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(ambassadorApplications)
          .where(where)
          .orderBy(desc(ambassadorApplications.createdAt), desc(ambassadorApplications.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(ambassadorApplications).where(where),
      ]);
      return { items: rows.map(toApplication), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
    },

    async reviewApplication(tenantId: number, body: { id: number; approve: boolean; note?: string }) {
      const [row] = await db
        .update(ambassadorApplications)
        .set({
          state: body.approve ? 'approved' : 'rejected',
          reviewNote: body.note ?? null,
          reviewedAt: clock.now(),
        })
        .where(
          and(
            eq(ambassadorApplications.tenantId, tenantId),
            eq(ambassadorApplications.id, body.id),
            eq(ambassadorApplications.state, 'pending'),
          ),
        )
        .returning();
      if (!row) throw conflict('review_not_pending');
      return toApplication(row);
    },

    async adminSubmissions(
      tenantId: number,
      q: { page: number; pageSize: number; state?: SubmissionRow['state'] },
    ) {
      const conditions: SQL[] = [eq(ambassadorSubmissions.tenantId, tenantId)];
      if (q.state) conditions.push(eq(ambassadorSubmissions.state, q.state));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(ambassadorSubmissions)
          .where(where)
          .orderBy(desc(ambassadorSubmissions.createdAt), desc(ambassadorSubmissions.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(ambassadorSubmissions).where(where),
      ]);
      return {
        items: await toSubmissions(rows),
        total: total?.n ?? 0,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async reviewSubmission(tenantId: number, body: { id: number; approve: boolean; note?: string }) {
      const [row] = await db
        .update(ambassadorSubmissions)
        .set({
          state: body.approve ? 'approved' : 'rejected',
          reviewNote: body.note ?? null,
          reviewedAt: clock.now(),
        })
        .where(
          and(
            eq(ambassadorSubmissions.tenantId, tenantId),
            eq(ambassadorSubmissions.id, body.id),
            eq(ambassadorSubmissions.state, 'pending'),
          ),
        )
        .returning();
      if (!row) throw conflict('review_not_pending');
      return (await toSubmissions([row]))[0]!;
    },
  };
};
