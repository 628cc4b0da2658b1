import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { CommonInfo, endpoints, ParsedBodyOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { mapPage, paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy } from '../../platform/db/sql.js';
import { notFound } from '../../platform/errors.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { commonInfo } from './common-info.table.js';

type Row = typeof commonInfo.$inferSelect;
type Input = ParsedBodyOf<typeof endpoints.consoleCommonInfoAdd>;

const toInfo = (row: Row): CommonInfo => ({
  id: row.id,
  categoryId: row.categoryId,
  title: row.title,
  content: row.content,
  cover: row.cover,
  link: row.link,
  sort: row.sort,
  createTime: row.createdAt.toISOString(),
});

/** Operators' edits of banners, notices, help FAQ and wallpapers (the stored originals, zh-Hans). */
export const createCommonInfoAdmin = ({ db, clock }: { db: Db; clock: Clock }) => ({
  async page(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleCommonInfoPage>) {
    const conditions: SQL[] = [eq(commonInfo.tenantId, tenantId)];
    if (q.filters.categoryId) conditions.push(eq(commonInfo.categoryId, q.filters.categoryId));
    if (q.filters.keyword) conditions.push(ilike(commonInfo.title, `%${escapeLike(q.filters.keyword)}%`));
    const where = and(...conditions);
    return mapPage(
      await paged(
        q,
        db
          .select()
          .from(commonInfo)
          .where(where)
          .orderBy(
            ...sortedBy(
              { sort: commonInfo.sort, createTime: commonInfo.createdAt },
              q,
              'sort',
              commonInfo.id,
            ),
          ),
        db.select({ total: count() }).from(commonInfo).where(where),
      ),
      (rows) => rows.map(toInfo),
    );
  },

  add: (actor: Actor, input: Input) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(commonInfo)
        .values({ tenantId: actor.tenantId, ...input, createdAt: clock.now() })
        .returning();
      await writeAudit(tx, actor, {
        action: 'common_info.add',
        targetType: 'common_info',
        targetId: row!.id,
        after: input,
      });
      return toInfo(row!);
    }),

  update: (actor: Actor, input: Partial<Input> & { id: number }) =>
    db.transaction(async (tx) => {
      const { id, ...changes } = input;
      const where = and(eq(commonInfo.tenantId, actor.tenantId), eq(commonInfo.id, id));
      const [before] = await tx.select().from(commonInfo).where(where).for('update');
      if (!before) throw notFound('console_not_found');
      const [row] = await tx.update(commonInfo).set(changes).where(where).returning();
      await writeAudit(tx, actor, {
        action: 'common_info.update',
        targetType: 'common_info',
        targetId: id,
        before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof Row]])),
        after: changes,
      });
      return toInfo(row!);
    }),

  remove: (actor: Actor, id: number) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .delete(commonInfo)
        .where(and(eq(commonInfo.tenantId, actor.tenantId), eq(commonInfo.id, id)))
        .returning();
      if (!row) throw notFound('console_not_found');
      await writeAudit(tx, actor, {
        action: 'common_info.delete',
        targetType: 'common_info',
        targetId: id,
        before: { categoryId: row.categoryId, title: row.title, content: row.content },
      });
      return { id };
    }),
});
