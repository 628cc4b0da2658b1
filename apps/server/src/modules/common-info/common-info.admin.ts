import type { CommonInfo, endpoints, ParsedBodyOf } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { mapPage } from '../../platform/db/paged.js';
import { notFound } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { CommonInfoRepositories } from './common-info.repository.js';
import type { commonInfo } from './common-info.table.js';
import { translationsAfterChange } from '../../platform/i18n/stored-translations.js';

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
export const createCommonInfoAdmin = ({ store, clock }: { store: CommonInfoRepositories; clock: Clock }) => ({
  page: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleCommonInfoPage>) =>
    mapPage(await store.repos.entries.consolePage(tenantId, q), (rows) => rows.map(toInfo)),

  add: (actor: Actor, input: Input) =>
    store.transaction(async ({ entries }, tx) => {
      const row = await entries.insert({
        tenantId: actor.tenantId,
        ...input,
        createdAt: clock.now(),
      });
      await writeAudit(tx, actor, {
        action: 'common_info.add',
        targetType: 'common_info',
        targetId: row.id,
        after: input,
      });
      return toInfo(row);
    }),

  update: (actor: Actor, input: Partial<Input> & { id: number }) =>
    store.transaction(async ({ entries }, tx) => {
      const { id, ...changes } = input;
      const before = await entries.lock(actor.tenantId, id);
      if (!before) throw notFound('console_not_found');
      const i18n = translationsAfterChange(before.i18n, before, changes);
      const row = await entries.update(actor.tenantId, id, { ...changes, i18n });
      await writeAudit(tx, actor, {
        action: 'common_info.update',
        targetType: 'common_info',
        targetId: id,
        before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof Row]])),
        after: changes,
      });
      return toInfo(row);
    }),

  remove: (actor: Actor, id: number) =>
    store.transaction(async ({ entries }, tx) => {
      const row = await entries.remove(actor.tenantId, id);
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

export type CommonInfoAdmin = ReturnType<typeof createCommonInfoAdmin>;
