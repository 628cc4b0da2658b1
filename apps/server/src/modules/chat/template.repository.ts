import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy } from '../../platform/db/sql.js';
import { promptTemplateCategories, promptTemplates } from './chat.table.js';

type TemplateRow = typeof promptTemplates.$inferSelect;
type TemplateChange = Partial<Omit<typeof promptTemplates.$inferInsert, 'id' | 'tenantId'>>;

/** The operators' queries of prompt templates (the stored zh-Hans originals). */
export const createTemplateRepository = (db: DbOrTx) => ({
  async categoryExists(tenantId: number, categoryId: number) {
    const [row] = await db
      .select({ id: promptTemplateCategories.id })
      .from(promptTemplateCategories)
      .where(
        and(eq(promptTemplateCategories.tenantId, tenantId), eq(promptTemplateCategories.id, categoryId)),
      );
    return !!row;
  },

  /** Templates by category and a title or description keyword, in the operator's order. */
  consolePage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consolePromptTemplatePage>) {
    const conditions: SQL[] = [eq(promptTemplates.tenantId, tenantId)];
    if (q.filters.categoryId) conditions.push(eq(promptTemplates.categoryId, q.filters.categoryId));
    if (q.filters.keyword) {
      const like = `%${escapeLike(q.filters.keyword)}%`;
      conditions.push(or(ilike(promptTemplates.title, like), ilike(promptTemplates.description, like))!);
    }
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(promptTemplates)
        .where(where)
        .orderBy(
          ...sortedBy(
            { sort: promptTemplates.sort, useCount: promptTemplates.useCount, id: promptTemplates.id },
            q,
            'sort',
            promptTemplates.id,
          ),
        ),
      db.select({ total: count() }).from(promptTemplates).where(where),
    );
  },

  async insert(values: typeof promptTemplates.$inferInsert): Promise<TemplateRow> {
    const [row] = await db.insert(promptTemplates).values(values).returning();
    return row!;
  },

  /** A template of the tenant, its row locked for the rest of the transaction. */
  async lock(tenantId: number, id: number): Promise<TemplateRow | undefined> {
    const [row] = await db
      .select()
      .from(promptTemplates)
      .where(and(eq(promptTemplates.tenantId, tenantId), eq(promptTemplates.id, id)))
      .for('update');
    return row;
  },

  async update(tenantId: number, id: number, change: TemplateChange): Promise<TemplateRow> {
    const [row] = await db
      .update(promptTemplates)
      .set(change)
      .where(and(eq(promptTemplates.tenantId, tenantId), eq(promptTemplates.id, id)))
      .returning();
    return row!;
  },
});
