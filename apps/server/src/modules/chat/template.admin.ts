import { randomBytes } from 'node:crypto';
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf, ResultOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { mapPage, paged } from '../../platform/db/paged.js';
import { escapeLike, sortedBy } from '../../platform/db/sql.js';
import { notFound } from '../../platform/errors.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { promptTemplateCategories, promptTemplates } from './chat.table.js';

type Row = typeof promptTemplates.$inferSelect;
type Template = ResultOf<typeof endpoints.consolePromptTemplateAdd>;
type Input = ParsedBodyOf<typeof endpoints.consolePromptTemplateAdd>;

/** The system prompt of templates operators add (the seeded ones carry their own). */
const OPERATOR_SYSTEM_PROMPT = '你是一位专业的中文文案写手，按用户给出的要求写出可直接使用的文案。';

const toTemplate = (r: Row): Template => ({
  id: r.id,
  categoryId: r.categoryId,
  title: r.title,
  description: r.description,
  icon: r.icon,
  prompt: r.prompt,
  fields: r.fields,
  example: r.example,
  sort: r.sort,
  status: r.status === 1 ? 1 : 0,
  useCount: r.useCount,
});

/** Operators' edits of prompt templates (the stored zh-Hans originals). */
export const createTemplateAdmin = ({ db, clock }: { db: Db; clock: Clock }) => {
  const assertCategory = async (tenantId: number, categoryId: number) => {
    const [row] = await db
      .select({ id: promptTemplateCategories.id })
      .from(promptTemplateCategories)
      .where(
        and(eq(promptTemplateCategories.tenantId, tenantId), eq(promptTemplateCategories.id, categoryId)),
      );
    if (!row) throw notFound('console_not_found');
  };
  return {
    async page(tenantId: number, q: ParsedBodyOf<typeof endpoints.consolePromptTemplatePage>) {
      const conditions: SQL[] = [eq(promptTemplates.tenantId, tenantId)];
      if (q.filters.categoryId) conditions.push(eq(promptTemplates.categoryId, q.filters.categoryId));
      if (q.filters.keyword) {
        const like = `%${escapeLike(q.filters.keyword)}%`;
        conditions.push(or(ilike(promptTemplates.title, like), ilike(promptTemplates.description, like))!);
      }
      const where = and(...conditions);
      return mapPage(
        await paged(
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
        ),
        (rows) => rows.map(toTemplate),
      );
    },

    async add(actor: Actor, input: Input) {
      await assertCategory(actor.tenantId, input.categoryId);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promptTemplates)
          .values({
            tenantId: actor.tenantId,
            code: `console-${randomBytes(6).toString('hex')}`,
            kind: 'custom',
            systemPrompt: OPERATOR_SYSTEM_PROMPT,
            ...input,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          })
          .returning();
        await writeAudit(tx, actor, {
          action: 'prompt_template.add',
          targetType: 'prompt_template',
          targetId: row!.id,
          after: input,
        });
        return toTemplate(row!);
      });
    },

    async update(actor: Actor, input: Partial<Input> & { id: number }) {
      const { id, ...changes } = input;
      if (changes.categoryId !== undefined) await assertCategory(actor.tenantId, changes.categoryId);
      return db.transaction(async (tx) => {
        const where = and(eq(promptTemplates.tenantId, actor.tenantId), eq(promptTemplates.id, id));
        const [before] = await tx.select().from(promptTemplates).where(where).for('update');
        if (!before) throw notFound('console_not_found');
        const [row] = await tx
          .update(promptTemplates)
          .set({ ...changes, updatedAt: clock.now() })
          .where(where)
          .returning();
        await writeAudit(tx, actor, {
          action: 'prompt_template.update',
          targetType: 'prompt_template',
          targetId: id,
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof Row]])),
          after: changes,
        });
        return toTemplate(row!);
      });
    },
  };
};
