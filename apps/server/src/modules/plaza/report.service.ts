import type { endpoints, ParsedBodyOf, Report, ReportTargetType } from '@app/contract';
import './plaza.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { authorSummary } from '../../platform/identity/author.js';
import { drawingReportTexts, visibleDrawingOwner } from '../drawing/index.js';
import type { PlazaRepositories } from './plaza.repository.js';

type TargetType = ReportTargetType;

/**
 * Reports of works, comments, users and AI drawings (set/help/report, the report button of a work or a
 * drawing), for operators.
 */
export const createReportService = ({
  db,
  store,
  clock,
}: {
  /** The database, for the drawing module's reads. */
  db: Db;
  store: PlazaRepositories;
  clock: Clock;
}) => {
  const repo = store.repos.reports;
  /**
   * Who owns the target (for the self-report rule), or undefined when it does not exist in the tenant or
   * the reporter cannot see it (another user's draft, a comment on one): a report never reveals it.
   */
  const targetOwner = async (
    { tenantId, uid }: Actor,
    type: TargetType,
    id: number,
  ): Promise<number | undefined> => {
    if (type === 'article') return repo.visibleArticleOwner(tenantId, uid, id);
    if (type === 'comment') return repo.visibleCommentOwner(tenantId, uid, id);
    if (type === 'drawing') return visibleDrawingOwner(db, tenantId, uid, id);
    return (await repo.userExists(tenantId, id)) ? id : undefined;
  };

  /** What each target shows, fetched per type in one query each (at most four). */
  const targetTexts = async (tenantId: number, rows: { targetType: TargetType; targetId: number }[]) => {
    const ids = (type: TargetType) => [
      ...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId)),
    ];
    const byType = await Promise.all([
      repo.articleTexts(tenantId, ids('article')),
      repo.commentTexts(tenantId, ids('comment')),
      repo.userNickNames(tenantId, ids('user')),
      drawingReportTexts(db, tenantId, ids('drawing')),
    ]);
    const types: TargetType[] = ['article', 'comment', 'user', 'drawing'];
    const texts = new Map<string, string>();
    byType.forEach((map, i) => map.forEach((text, id) => texts.set(`${types[i]}:${id}`, text)));
    return texts;
  };

  return {
    /** Stores a report; the same open report twice answers the first one's id. */
    async add(reporter: Actor, body: ParsedBodyOf<typeof endpoints.reportAdd>) {
      const { tenantId, uid } = reporter;
      const owner = await targetOwner(reporter, body.targetType, body.targetId);
      if (owner === undefined) throw notFound('report_target_not_found');
      if (body.targetType === 'user' && owner === uid) throw badRequest('cannot_report_self');
      const open = await repo.openReport(tenantId, uid, body.targetType, body.targetId);
      if (open !== undefined) return { id: open };
      const id = await repo.insert({
        tenantId,
        reporterId: uid,
        targetType: body.targetType,
        targetId: body.targetId,
        reason: body.reason,
        detail: body.detail || null,
        createdAt: clock.now(),
      });
      return { id };
    },

    async page({ tenantId }: Actor, body: ParsedBodyOf<typeof endpoints.reportPage>) {
      const { items: rows, total } = await repo.page(tenantId, body);
      const texts = await targetTexts(
        tenantId,
        rows.map((r) => r.report),
      );
      const items: Report[] = rows.map(({ report, ...reporter }) => ({
        id: report.id,
        targetType: report.targetType,
        targetId: report.targetId,
        reason: report.reason,
        detail: report.detail,
        status: report.status,
        reporter: authorSummary({ id: report.reporterId, ...reporter }),
        targetText: texts.get(`${report.targetType}:${report.targetId}`) ?? null,
        createTime: report.createdAt.toISOString(),
      }));
      return { items, total: total, page: body.page, pageSize: body.pageSize };
    },
  };
};

export type ReportService = ReturnType<typeof createReportService>;
