import type { endpoints, Locale, ParsedQueryOf, TemplateField } from '@app/contract';
import './chat.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { localize } from '../../platform/i18n/stored-translations.js';
import type { TextProviders } from '../../platform/ai/text/text-providers.js';
import { createChatAsking, createExhaustedQuotas } from './chat-asking.js';
import { createChatMessages } from './chat-messages.js';
import { createTurnStore } from './chat-persist.js';
import { createTurnPreparation } from './chat-prepare.js';
import type { ChatRepositories } from './chat.repository.js';
import type { GenerationRegistry } from './generation-registry.js';

export type { RobotHistoryQuery } from './chat-messages.js';

export interface ChatDeps {
  store: ChatRepositories;
  /** Other modules' reads and writes that take a database (the tenant's settings, the history row). */
  db: Db;
  clock: Clock;
  providers: TextProviders;
  registry: GenerationRegistry;
  censor: Pick<CensorService, 'censorText'>;
  log: { error(obj: object, msg: string): void };
}

/** Each select field with what its options show (`shown`: the shown texts of all fields' options, in order). */
const withOptionLabels = (fields: TemplateField[], shown: string[]): TemplateField[] => {
  let next = 0;
  return fields.map((f) => {
    if (!f.options) return f;
    const optionLabels = shown.slice(next, next + f.options.length);
    next += f.options.length;
    return { ...f, optionLabels };
  });
};

/**
 * The chat robot. A question goes through three steps: prepare (checks, quota, the prompt: chat-prepare.ts,
 * asked in chat-asking.ts), stream (the provider's answer, censored as it comes: chat-stream.ts, started in
 * chat-generation.ts) and persist (the turn's rows: chat-persist.ts). Its messages are read, edited and stopped
 * in chat-messages.ts.
 */
export const createChatService = (deps: ChatDeps) => {
  const repo = deps.store.repos.chat;
  const turns = createTurnPreparation({ repo, censor: deps.censor });
  const exhausted = createExhaustedQuotas();
  const turnStore = createTurnStore({
    ...deps,
    onRefund: (t) => exhausted.delete(`${t.tenantId}:${t.userId}:${t.chargedDate}`),
  });
  return {
    ...createChatAsking({ ...deps, repo, turns, exhausted, turnStore }),
    ...createChatMessages({ ...deps, repo, turns }),
  };
};
export type ChatService = ReturnType<typeof createChatService>;

/** Template list and detail (public), in the caller's language. */
export const createTemplateService = ({ store, cache }: { store: ChatRepositories; cache: MemoryCache }) => {
  const { chat: repo } = store.repos;
  // Categories and template pages (not searches), per language, until a template or category changes.
  const lists = cache.area<unknown>({
    tables: ['prompt_template', 'prompt_template_category'],
    maxEntries: 500,
  });
  const categories = async (tenantId: number, locale: Locale) =>
    (await repo.categories(tenantId)).map(({ i18n, ...category }) => localize(category, i18n, locale));
  const templatePage = async (
    tenantId: number,
    query: ParsedQueryOf<typeof endpoints.promptTemplatePage>,
    locale: Locale,
  ) => {
    const { rows, total } = await repo.templatePage(tenantId, query);
    const items = rows.map(({ i18n, ...row }) => localize(row, i18n, locale));
    return { items, total, page: query.page, pageSize: query.pageSize };
  };
  return {
    categories: ({ tenantId, locale }: Actor) =>
      lists.get(`categories:${tenantId}:${locale}`, () => categories(tenantId, locale)) as ReturnType<
        typeof categories
      >,
    page({ tenantId, locale }: Actor, query: ParsedQueryOf<typeof endpoints.promptTemplatePage>) {
      if (query.keyword) return templatePage(tenantId, query, locale);
      const key = `page:${tenantId}:${locale}:${query.page}:${query.pageSize}:${query.categoryId ?? 0}`;
      return lists.get(key, () => templatePage(tenantId, query, locale)) as ReturnType<typeof templatePage>;
    },
    async detail({ tenantId, locale }: Actor, id: number) {
      const found = await repo.template(tenantId, id);
      if (!found) throw notFound('prompt_template_not_found');
      const t = found.template;
      // Field labels and placeholders are stored as lists parallel to `fields`, the options' shown texts as one list
      // of all options in order (each used only while it still matches).
      const options = t.fields.flatMap((f) => f.options ?? []);
      const { fieldLabels, fieldPlaceholders, fieldOptions, ...texts } = localize(
        {
          title: t.title,
          description: t.description,
          example: t.example,
          fieldLabels: t.fields.map((f) => f.label),
          fieldPlaceholders: t.fields.map((f) => f.placeholder),
          fieldOptions: options,
        },
        t.i18n,
        locale,
      );
      const sameLength =
        fieldLabels.length === t.fields.length && fieldPlaceholders.length === t.fields.length;
      return {
        ...texts,
        id: t.id,
        categoryId: t.categoryId,
        categoryName: localize({ name: found.categoryName }, found.categoryI18n, locale).name,
        icon: t.icon,
        useCount: t.useCount,
        sort: t.sort,
        fields: withOptionLabels(
          sameLength
            ? t.fields.map((f, i) => ({ ...f, label: fieldLabels[i]!, placeholder: fieldPlaceholders[i]! }))
            : t.fields,
          fieldOptions.length === options.length ? fieldOptions : options,
        ),
      };
    },
  };
};
