import {
  CONSOLE_QUEUES,
  DEFAULT_AVATAR,
  type endpoints,
  type ParsedBodyOf,
  type ResultOf,
} from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/identity/actor.js';
import { authorSummaryIn } from '../../platform/identity/author.js';
import type { ConsoleRepositories } from './console.repository.js';
import { notFound } from '../../platform/errors.js';

type Queue = (typeof CONSOLE_QUEUES)[number];
type QueueSummary = ResultOf<typeof endpoints.consoleQueues>[number];
/** One queue's length and its oldest entry, for the operator reading the console. */
type QueueReader = (actor: Actor) => Promise<{ waiting: number; oldest: Date | null }>;

/** Names of audit targets keyed `type:id`, read for a page's rows by the module that owns them. */
type TargetNames = (
  tenantId: number,
  rows: { targetType: string; targetId: string | null }[],
) => Promise<Map<string, string>>;

/** The title, name or nickname an audit row's before/after values hold (after first), if any. */
const nameInValues = (...values: unknown[]): string | null => {
  for (const value of values) {
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    for (const key of ['title', 'name', 'nickName', 'word', 'packageName'])
      if (typeof record[key] === 'string' && record[key]) return record[key];
  }
  return null;
};

/** The console's own reads: the operator, the queues' summary and the audit log. */
export const createConsoleService = (deps: {
  store: ConsoleRepositories;
  clock: Clock;
  queues: Record<Queue, QueueReader>;
  targetNames: TargetNames;
}) => {
  const { clock } = deps;
  const { console: repo, users, authors } = deps.store.repos;
  return {
    /** The operator calling, as the console's header shows them. */
    async me({ tenantId, uid }: Actor): Promise<ResultOf<typeof endpoints.consoleMe>> {
      const row = await users.byId(tenantId, uid);
      if (!row) throw notFound('console_not_found');
      return {
        userId: row.id,
        account: row.account ?? '',
        nickName: row.nickName ?? row.account ?? '',
        avatar: row.avatar ?? DEFAULT_AVATAR,
        roles: row.roles,
      };
    },

    async queues(actor: Actor): Promise<QueueSummary[]> {
      const now = clock.now().getTime();
      return Promise.all(
        CONSOLE_QUEUES.map(async (queue) => {
          const { waiting, oldest } = await deps.queues[queue](actor);
          return {
            queue,
            waiting,
            oldestTime: oldest?.toISOString() ?? null,
            oldestWaitSeconds: oldest ? Math.max(0, Math.floor((now - oldest.getTime()) / 1000)) : 0,
          };
        }),
      );
    },

    async auditPage({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleAuditPage>) {
      const page = await repo.auditPage(tenantId, q);
      const rows = page.items;
      const people = await authors(rows.map((r) => r.operatorId));
      const names = await deps.targetNames(tenantId, rows);
      return {
        ...page,
        items: rows.map((r) => ({
          id: r.id,
          operator: authorSummaryIn(people, r.operatorId),
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          targetName: names.get(`${r.targetType}:${r.targetId}`) ?? nameInValues(r.after, r.before),
          before: (r.before ?? null) as ResultOf<
            typeof endpoints.consoleAuditPage
          >['items'][number]['before'],
          after: (r.after ?? null) as ResultOf<typeof endpoints.consoleAuditPage>['items'][number]['after'],
          reason: r.reason,
          ip: r.ip,
          createTime: r.createdAt.toISOString(),
        })),
      };
    },
  };
};
