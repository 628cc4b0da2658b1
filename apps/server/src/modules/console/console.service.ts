import { and, count, eq, gte, inArray, like, lt, type SQL } from 'drizzle-orm';
import {
  CONSOLE_QUEUES,
  DEFAULT_AVATAR,
  type endpoints,
  type ParsedBodyOf,
  type ResultOf,
} from '@app/contract';
import { filterInstant, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { auditLog } from '../../platform/audit/audit.table.js';
import { users } from '../../platform/identity/identity.table.js';
import { authorSummary, authorSummaryColumns } from '../../platform/identity/author.js';
import { mapPage, paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy } from '../../platform/db/sql.js';
import { notFound } from '../../platform/errors.js';

type Queue = (typeof CONSOLE_QUEUES)[number];
type QueueSummary = ResultOf<typeof endpoints.consoleQueues>[number];
type QueueReader = (tenantId: number) => Promise<{ waiting: number; oldest: Date | null }>;


/** The console's own reads: the operator, the queues' summary and the audit log. */
export const createConsoleService = (deps: { db: Db; clock: Clock; queues: Record<Queue, QueueReader> }) => {
  const { db, clock } = deps;
  return {
    async me(tenantId: number, uid: number): Promise<ResultOf<typeof endpoints.consoleMe>> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, uid)));
      if (!row) throw notFound('console_not_found');
      return {
        userId: row.id,
        account: row.account ?? '',
        nickName: row.nickName ?? row.account ?? '',
        avatar: row.avatar ?? DEFAULT_AVATAR,
        roles: row.roles,
      };
    },

    async queues(tenantId: number): Promise<QueueSummary[]> {
      const now = clock.now().getTime();
      return Promise.all(
        CONSOLE_QUEUES.map(async (queue) => {
          const { waiting, oldest } = await deps.queues[queue](tenantId);
          return {
            queue,
            waiting,
            oldestTime: oldest?.toISOString() ?? null,
            oldestWaitSeconds: oldest ? Math.max(0, Math.floor((now - oldest.getTime()) / 1000)) : 0,
          };
        }),
      );
    },

    async auditPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleAuditPage>) {
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
      const where = and(...conditions);
      const page = await paged(
        q,
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(...sortedBy({ createTime: auditLog.createdAt }, q, 'createTime', auditLog.id)),
        db.select({ total: count() }).from(auditLog).where(where),
      );
      return mapPage(page, async (rows) => {
        const ids = [...new Set(rows.map((r) => r.operatorId))];
        const people = ids.length
          ? await db.select(authorSummaryColumns).from(users).where(inArray(users.id, ids))
          : [];
        const refs = new Map(people.map((p) => [p.id, authorSummary(p)]));
        return rows.map((r) => ({
          id: r.id,
          operator: refs.get(r.operatorId) ?? { id: r.operatorId, nickName: '', avatar: DEFAULT_AVATAR },
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          before: (r.before ?? null) as ResultOf<
            typeof endpoints.consoleAuditPage
          >['items'][number]['before'],
          after: (r.after ?? null) as ResultOf<typeof endpoints.consoleAuditPage>['items'][number]['after'],
          reason: r.reason,
          ip: r.ip,
          createTime: r.createdAt.toISOString(),
        }));
      });
    },
  };
};
