import { reportTargetTypes, type endpoints, type ParsedBodyOf, type ReportTargetType } from '@app/contract';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Tx } from '../../platform/db/client.js';
import { mapPage } from '../../platform/db/paged.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { deletePublicDrawingCopies, unpublishDrawingInTx } from '../drawing/index.js';
import type { ModerationPartDeps } from './moderation-steps.js';
import { reportItems, targetsOf } from './moderation-views.js';

type ReportQuery = ParsedBodyOf<typeof endpoints.consoleReportPage>;
type ResolveBody = ParsedBodyOf<typeof endpoints.consoleReportResolve>;

/** What a report's resolution needs done outside the plaza, in the same transaction (a ban). */
type BanInTx = (tx: Tx, targetUid: number, days: number | null, reason: string) => Promise<void>;

/** The report queue and its decisions. */
export const createReportModeration = ({ db, store, clock, storage, repo, steps }: ModerationPartDeps) => {
  const { tellInTx, takeDownInTx, deleteCommentInTx } = steps;
  return {
    reportQueue: (tenantId: number) => repo.reportQueue(tenantId),

    /**
     * What the console calls the plaza's things (works' and drawings' titles, comments' text, users' nicknames),
     * keyed `type:id`: one keyed read per kind for a page's rows (the audit log's). Unknown ids are left out.
     */
    async targetNames(tenantId: number, rows: { targetType: string; targetId: string | null }[]) {
      const known = rows.flatMap((r) =>
        (reportTargetTypes as readonly string[]).includes(r.targetType) && r.targetId && /^\d{1,15}$/.test(r.targetId)
          ? [{ targetType: r.targetType as ReportTargetType, targetId: Number(r.targetId) }]
          : [],
      );
      const names = new Map<string, string>();
      if (!known.length) return names;
      for (const [key, target] of await targetsOf(db, repo, tenantId, known)) names.set(key, target.text);
      return names;
    },

    reportPage: async ({ tenantId }: Actor, q: ReportQuery) =>
      mapPage(await repo.reportPage(tenantId, q), (rows) => reportItems(db, repo, tenantId, rows)),

    /**
     * Resolves a pending report and every other pending report of the same target. `take_down` takes the
     * work down (or deletes the comment); `ban` calls `banInTx` for the target's author in the same
     * transaction. The author (take_down, warn) and the reporters are told in the same transaction (pushed after).
     */
    async resolveReport(actor: Actor, body: ResolveBody, banInTx: BanInTx) {
      const now = clock.now();
      const outcome = await store.transaction(async ({ moderation: inTx }, tx) => {
        let publicKeys: string[] | null = null;
        const report = await inTx.lockReport(actor.tenantId, body.id);
        if (!report) throw notFound('console_not_found');
        if (report.status !== 'pending') throw conflict('console_not_pending');
        const target = (await targetsOf(tx, inTx, actor.tenantId, [report])).get(
          `${report.targetType}:${report.targetId}`,
        );
        if (body.action !== 'dismiss' && !target) throw notFound('report_target_not_found');
        if (body.action === 'take_down') {
          if (report.targetType === 'article') await takeDownInTx(tx, actor, report.targetId, body.reason);
          else if (report.targetType === 'comment')
            await deleteCommentInTx(tx, actor, report.targetId, body.reason);
          else if (report.targetType === 'drawing') {
            publicKeys = await unpublishDrawingInTx(tx, actor.tenantId, report.targetId, now);
            if (!publicKeys) throw conflict('console_not_pending');
            await writeAudit(tx, actor, {
              action: 'content.take_down',
              targetType: 'drawing',
              targetId: report.targetId,
              before: { published: true },
              after: { published: false },
              reason: body.reason,
            });
          } else throw new AppError(409, 'console_action_unavailable');
        }
        if (body.action === 'ban') await banInTx(tx, target!.userId, body.banDays ?? null, body.reason);
        const status = body.action === 'dismiss' ? 'rejected' : 'resolved';
        const resolution = `${body.action}: ${body.reason}`;
        const handled = await inTx.resolvePendingOf(actor.tenantId, report, {
          status,
          resolution,
          handledBy: actor.uid,
          handledAt: now,
        });
        await writeAudit(tx, actor, {
          action: `report.${body.action}`,
          targetType: 'report',
          targetId: report.id,
          before: { status: 'pending' },
          after: {
            status,
            resolution,
            reports: handled.map((h) => h.id),
            target: `${report.targetType}:${report.targetId}`,
          },
          reason: body.reason,
        });
        // The author (take-down, warning) and every reporter are told with the decision.
        const pushes: (() => Promise<void>)[] = [];
        if (target && (body.action === 'take_down' || body.action === 'warn')) {
          pushes.push(
            await tellInTx(
              tx,
              actor.tenantId,
              target.userId,
              body.action === 'warn'
                ? { title: 'moderation_warned_title', content: 'moderation_warned' }
                : { title: 'moderation_taken_down_title', content: 'moderation_taken_down' },
              { excerpt: target.text.slice(0, 40), reason: body.reason },
            ),
          );
        }
        for (const reporterId of new Set(handled.map((h) => h.reporterId))) {
          pushes.push(
            await tellInTx(tx, actor.tenantId, reporterId, {
              title: 'moderation_report_result_title',
              content:
                body.action === 'dismiss' ? 'moderation_report_dismissed' : 'moderation_report_actioned',
            }),
          );
        }
        return { report, publicKeys, pushes };
      });
      const { report, publicKeys, pushes } = outcome;
      // Files live outside the database: the hall's copies of a drawing go once its take-down has committed.
      if (publicKeys) await deletePublicDrawingCopies(storage, publicKeys);
      for (const push of pushes) await push();
      const fresh = await repo.report(report.id);
      return (await reportItems(db, repo, actor.tenantId, [fresh!]))[0]!;
    },
  };
};
