import { randomBytes } from 'node:crypto';
import type { endpoints, ParsedBodyOf, ResultOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { mapPage } from '../../platform/db/paged.js';
import { notFound } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { promptTemplates } from './chat.table.js';
import type { ChatRepositories } from './chat.repository.js';
import { translationsAfterChange } from '../../platform/i18n/stored-translations.js';

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
export const createTemplateAdmin = ({ store, clock }: { store: ChatRepositories; clock: Clock }) => {
  const { templates: repo } = store.repos;
  const assertCategory = async (tenantId: number, categoryId: number) => {
    if (!(await repo.categoryExists(tenantId, categoryId))) throw notFound('console_not_found');
  };
  return {
    page: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consolePromptTemplatePage>) =>
      mapPage(await repo.consolePage(tenantId, q), (rows) => rows.map(toTemplate)),

    async add(actor: Actor, input: Input) {
      await assertCategory(actor.tenantId, input.categoryId);
      return store.transaction(async ({ templates }, tx) => {
        const row = await templates.insert({
          tenantId: actor.tenantId,
          code: `console-${randomBytes(6).toString('hex')}`,
          kind: 'custom',
          systemPrompt: OPERATOR_SYSTEM_PROMPT,
          ...input,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        await writeAudit(tx, actor, {
          action: 'prompt_template.add',
          targetType: 'prompt_template',
          targetId: row.id,
          after: input,
        });
        return toTemplate(row);
      });
    },

    async update(actor: Actor, input: Partial<Input> & { id: number }) {
      const { id, ...changes } = input;
      if (changes.categoryId !== undefined) await assertCategory(actor.tenantId, changes.categoryId);
      return store.transaction(async ({ templates }, tx) => {
        const before = await templates.lock(actor.tenantId, id);
        if (!before) throw notFound('console_not_found');
        // Its fields' labels, placeholders and options are translated as lists (template.seed.ts): compared as such.
        const textsOf = (t: Pick<Row, 'title' | 'description' | 'example' | 'fields'>) => ({
          title: t.title,
          description: t.description,
          example: t.example,
          fieldLabels: t.fields.map((f) => f.label),
          fieldPlaceholders: t.fields.map((f) => f.placeholder),
          fieldOptions: t.fields.flatMap((f) => f.options ?? []),
        });
        const i18n = translationsAfterChange(
          before.i18n,
          textsOf(before),
          textsOf({ ...before, ...changes }),
        );
        const row = await templates.update(actor.tenantId, id, { ...changes, i18n, updatedAt: clock.now() });
        await writeAudit(tx, actor, {
          action: 'prompt_template.update',
          targetType: 'prompt_template',
          targetId: id,
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof Row]])),
          after: changes,
        });
        return toTemplate(row);
      });
    },
  };
};

export type TemplateAdmin = ReturnType<typeof createTemplateAdmin>;
