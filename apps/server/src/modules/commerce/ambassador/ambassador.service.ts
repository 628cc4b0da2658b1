import type { endpoints, Locale, ParsedBodyOf } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import '../commerce.messages.js';
import '../decision.messages.js';
import { decisionNoticeInTx, type NoticeInTx } from '../../../platform/notify.js';
import type { Clock } from '../../../platform/clock.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Actor } from '../../../platform/identity/actor.js';
import { mapPage } from '../../../platform/db/paged.js';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.js';
import type { FileStorage } from '../../../platform/storage/file-storage.js';
import { localize } from '../../../platform/i18n/stored-translations.js';
import { changeBalance } from '../../../platform/wallet/balance.js';
import { isUniqueViolation } from '../../../platform/db/sql.js';
import type {
  AmbassadorRepository,
  ApplicationRow,
  SubmissionRow,
  TaskRow,
} from './ambassador.repository.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import { ambassadorApplications, ambassadorSubmissions } from '../commerce.table.js';
import { extendVip } from '../orders/membership.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A task as its readers see it: title, description and steps in their language (zh-Hans as the fallback). */
const toTask = (t: TaskRow, locale: Locale = 'zh-Hans') => ({
  id: t.id,
  ...localize({ title: t.title, description: t.description, steps: t.steps }, t.i18n, locale),
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

interface AmbassadorDeps {
  store: CommerceRepositories;
  clock: Clock;
  storage: Pick<FileStorage, 'ownImages' | 'urlsById'>;
  /** The applicant's notice of a review, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
  log: FastifyBaseLogger;
}

/** Submissions as their readers see them: screenshots as addresses, the reward's state. */
const createSubmissionView = (storage: AmbassadorDeps['storage']) => async (rows: SubmissionRow[]) => {
  const urls = await storage.urlsById(rows.flatMap((r) => r.fileIds));
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

type AmbassadorParts = AmbassadorDeps & {
  repo: AmbassadorRepository;
  toSubmissions: ReturnType<typeof createSubmissionView>;
};

/** The applicant's side: the tasks, applying, submitting screenshots and the results. */
const createAmbassadorApplying = ({ clock, storage, repo, toSubmissions }: AmbassadorParts) => ({
  tasks: async (tenantId: number, locale: Locale = 'zh-Hans') =>
    (await repo.enabledTasks(tenantId)).map((t) => toTask(t, locale)),

  async info({ tenantId, uid, locale }: Actor) {
    const [application, taskRows, subs] = await Promise.all([
      repo.latestApplication(tenantId, uid),
      repo.enabledTasks(tenantId),
      repo.submissionsOf(tenantId, uid),
    ]);
    const mapped = await toSubmissions(subs);
    return {
      application: application ? toApplication(application) : null,
      tasks: taskRows.map((t) => ({
        task: toTask(t, locale),
        submission: mapped.find((s) => s.taskId === t.id) ?? null,
      })),
    };
  },

  async apply({ tenantId, uid }: Actor, body: ParsedBodyOf<typeof endpoints.ambassadorApply>) {
    try {
      return toApplication(
        await repo.insertApplication({
          tenantId,
          userId: uid,
          ...body,
          state: 'pending',
          createdAt: clock.now(),
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ambassador_already_applied');
      throw err;
    }
  },

  async submit(actor: Actor, body: ParsedBodyOf<typeof endpoints.ambassadorScreenshot>) {
    const { tenantId, uid: userId } = actor;
    const application = await repo.latestApplication(tenantId, userId);
    if (application?.state !== 'approved') throw forbidden('ambassador_not_approved');
    const task = await repo.enabledTask(tenantId, body.taskId);
    if (!task) throw notFound('ambassador_task_not_found');
    const fileIds = [...new Set(body.fileIds)];
    // Only the caller's own uploads whose content was recognised as an image (magic bytes at upload).
    const images = await storage.ownImages(tenantId, userId, { ids: fileIds });
    if (images.length !== fileIds.length) throw badRequest('screenshot_not_image');
    try {
      const row = await repo.insertSubmission({
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
      });
      return (await toSubmissions([row]))[0]!;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ambassador_already_submitted');
      throw err;
    }
  },

  async results({ tenantId, uid }: Actor, taskId?: number) {
    return toSubmissions(await repo.submissionsOf(tenantId, uid, taskId));
  },
});

/** An approved submission's reward, granted once. */
const createRewardClaims = ({ store, clock, repo, toSubmissions }: AmbassadorParts) => {
  const loadSubmission = async (tenantId: number, id: number, userId?: number) => {
    const row = await repo.submission(tenantId, id, userId);
    if (!row) throw notFound('submission_not_found');
    return row;
  };

  return {
    /** Grants an approved submission's reward once: the conditional update decides who grants. */
    async claim(actor: Actor, submissionId: number) {
      const { tenantId, uid: userId } = actor;
      const current = await loadSubmission(tenantId, submissionId, userId);
      if (current.state !== 'approved') throw conflict('reward_not_claimable');
      const now = clock.now();
      const granted = await store.transaction(async ({ ambassadors, orders }, tx) => {
        const row = await ambassadors.claimReward(current.id, now);
        if (!row) return false;
        if (row.rewardGold > 0) {
          await changeBalance(tx, {
            at: now,
            tenantId,
            userId,
            currency: 'gold',
            amount: row.rewardGold,
            reason: 'ambassador_reward',
            refType: 'ambassador',
            refId: String(row.id),
          });
        }
        if (row.rewardVipDays > 0)
          await extendVip(orders, { tenantId, userId, days: row.rewardVipDays, level: 0, now });
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
  };
};

/** The operators' side: the application and submission queues and their reviews (audited, the user told). */
const createAmbassadorReviews = ({ store, clock, noticeInTx, log, repo, toSubmissions }: AmbassadorParts) => {
  /** An operator approves or rejects a pending application or submission; the audit row goes with it. */
  const review = async <Q extends typeof ambassadorApplications | typeof ambassadorSubmissions>(
    actor: Actor,
    queue: Q,
    targetType: 'ambassador_application' | 'ambassador_submission',
    body: { id: number; approve: boolean; note?: string },
  ): Promise<Q['$inferSelect']> => {
    const reviewed = await store.transaction(async ({ ambassadors }, tx) => {
      const updated = await ambassadors.review(queue, actor.tenantId, body, clock.now());
      if (!updated) return null;
      await writeAudit(tx, actor, {
        action: `${targetType}.${body.approve ? 'approve' : 'reject'}`,
        targetType,
        targetId: updated.id,
        before: { state: 'pending' },
        after: { state: updated.state, reviewNote: updated.reviewNote },
        reason: body.note ?? null,
      });
      const tell = await decisionNoticeInTx(noticeInTx, log, tx, {
        tenantId: actor.tenantId,
        uid: updated.userId,
        keys: {
          title: `console_${targetType}_title`,
          content: `console_${targetType}_${body.approve ? 'approved' : 'rejected'}`,
        },
        params: { reason: body.note ?? '' },
      });
      return { updated, tell };
    });
    if (!reviewed) throw conflict('review_not_pending');
    await reviewed.tell();
    return reviewed.updated;
  };

  return {
    adminApplications: async (
      { tenantId }: Actor,
      q: ParsedBodyOf<typeof endpoints.ambassadorAdminApplications>,
    ) =>
      mapPage(await repo.queuePage(ambassadorApplications, tenantId, q), (rows) => rows.map(toApplication)),

    async reviewApplication(
      actor: Actor,
      body: ParsedBodyOf<typeof endpoints.ambassadorAdminReviewApplication>,
    ) {
      return toApplication(await review(actor, ambassadorApplications, 'ambassador_application', body));
    },

    adminSubmissions: async (
      { tenantId }: Actor,
      q: ParsedBodyOf<typeof endpoints.ambassadorAdminSubmissions>,
    ) => mapPage(await repo.queuePage(ambassadorSubmissions, tenantId, q), toSubmissions),

    async reviewSubmission(
      actor: Actor,
      body: ParsedBodyOf<typeof endpoints.ambassadorAdminReviewSubmission>,
    ) {
      const row = await review(actor, ambassadorSubmissions, 'ambassador_submission', body);
      return (await toSubmissions([row]))[0]!;
    },
  };
};

export const createAmbassadorService = (deps: AmbassadorDeps) => {
  const parts = {
    ...deps,
    repo: deps.store.repos.ambassadors,
    toSubmissions: createSubmissionView(deps.storage),
  };
  return {
    toSubmissions: parts.toSubmissions,
    ...createAmbassadorApplying(parts),
    ...createRewardClaims(parts),
    ...createAmbassadorReviews(parts),
  };
};
export type AmbassadorService = ReturnType<typeof createAmbassadorService>;
