import {
  appConfigSchema,
  DICT_NAMES,
  dictDataSchemas,
  dictTranslationsSchema,
  EDITABLE_APP_CONFIG_KEYS,
  isAllowedMusic,
  type AppConfig,
  type DictItem,
  type DictList,
  type DictName,
  type DictVersions,
  type JsonValue,
  type Locale,
} from '@app/contract';
import type { z } from 'zod';
import './dictionary.messages.js';
import type { Clock } from '../../platform/clock.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { cachedAnswer, type CachedAnswer } from '../../platform/http/etag.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { localize } from '../../platform/i18n/stored-translations.js';
import {
  dictItems,
  dictVersions,
  type DictionaryRepositories,
  type DictionaryRepository,
  type DictItemValues,
  type DictRow,
} from './dictionary.repository.js';
import { DEFAULT_APP_CONFIG } from './dictionary.seed.js';

const toItem = (row: DictRow): DictItem => ({
  id: row.id,
  label: row.label,
  value: row.value,
  data: row.data ?? null,
  sort: row.sort,
  status: row.status === 1 ? 1 : 0,
  remark: row.remark,
});

/** Every dictionary's version from the stored ones (0 for one that has never existed in this tenant). */
const versionsOf = (stored: Map<string, number>): DictVersions =>
  Object.fromEntries(DICT_NAMES.map((name) => [name, stored.get(name) ?? 0])) as DictVersions;

/**
 * One dictionary with its shown items and version. For app_config, the `apiCaches` item is computed here
 * from the live versions, so it is always right. With a `locale`, its items come in that language (see
 * `localizeDictList`): for texts a module shows users; without one, as stored (translations included).
 */
const dictionaryList = (
  name: DictName,
  rows: DictRow[],
  versions: DictVersions,
  locale?: Locale,
): DictList => {
  const items = rows.map(toItem);
  if (name === 'app_config') {
    items.push({
      id: 0,
      label: '接口缓存版本',
      value: 'apiCaches',
      data: versions,
      sort: 10000,
      status: 1,
      remark: '系统计算，不可编辑',
    });
  }
  const list = { name, version: Math.max(1, versions[name]), items };
  return locale ? localizeDictList(list, locale) : list;
};

/** The typed app config from its dictionary; keys an operator hid or never set fall back to the defaults. */
const appConfigOf = ({ items }: DictList): AppConfig => {
  const stored = Object.fromEntries(items.map((item) => [item.value, item.data]));
  const merged: Record<string, unknown> = { ...DEFAULT_APP_CONFIG };
  for (const key of Object.keys(appConfigSchema.shape) as (keyof AppConfig)[]) {
    if (key in stored && appConfigSchema.shape[key].safeParse(stored[key]).success) merged[key] = stored[key];
  }
  return appConfigSchema.parse(merged);
};

/** One dictionary (see `dictionaryList`) read through the dictionary's repository, or the same two queries. */
const readDictionary = async (
  repo: Pick<DictionaryRepository, 'items' | 'versions'>,
  tenantId: number,
  name: DictName,
  locale?: Locale,
): Promise<DictList> => {
  const [rows, versions] = await Promise.all([repo.items(tenantId, name, true), repo.versions(tenantId)]);
  return dictionaryList(name, rows, versionsOf(versions), locale);
};

// What other modules read, over the database (or transaction) they hold: the dictionary's queries themselves,
// shaped as its service answers them.

/** Current version of every dictionary (0 for one that has never existed in this tenant). */
export const getDictVersions = async (db: DbOrTx, tenantId: number): Promise<DictVersions> =>
  versionsOf(await dictVersions(db, tenantId));

/** One dictionary with its shown items and version (see `dictionaryList`), in `locale` when given. */
export const getDictionary = (
  db: DbOrTx,
  tenantId: number,
  name: DictName,
  locale?: Locale,
): Promise<DictList> =>
  readDictionary(
    {
      items: (tenant, dict, onlyShown) => dictItems(db, tenant, dict, onlyShown),
      versions: (tenant) => dictVersions(db, tenant),
    },
    tenantId,
    name,
    locale,
  );

/** The typed app config of a tenant; keys an operator hid or never set fall back to the defaults. */
export const getAppConfig = async (db: DbOrTx, tenantId: number): Promise<AppConfig> =>
  appConfigOf(await getDictionary(db, tenantId, 'app_config'));

const describeIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return `${issue.path.length ? issue.path.join('.') : 'data'}: ${issue.message}`;
};

/** Checks an item's payload against its dictionary's shape (app_config: per key). */
const checkData = (name: DictName, value: string, data: JsonValue) => {
  if (name === 'app_config') {
    if (!(EDITABLE_APP_CONFIG_KEYS as string[]).includes(value)) throw badRequest('dict_config_key_fixed');
    const parsed = appConfigSchema.shape[value as keyof AppConfig].safeParse(data);
    if (!parsed.success) throw badRequest('dict_data_invalid', { detail: describeIssue(parsed.error) });
    return;
  }
  // Any dictionary's item may carry its translations (`data.i18n`), checked on their own.
  const { i18n, ...rest } = isRecord(data) ? data : { i18n: undefined };
  const translations = dictTranslationsSchema.safeParse(i18n);
  if (!translations.success)
    throw badRequest('dict_data_invalid', { detail: describeIssue(translations.error) });
  if (name === 'app_bgm') checkMusic(rest);
  const parsed = dictDataSchemas[name].safeParse(isRecord(data) ? rest : data);
  if (!parsed.success) throw badRequest('dict_data_invalid', { detail: describeIssue(parsed.error) });
};

/**
 * Music is a stored audio file of ours or a synth of the allow-list with numbers only (music-source.ts in the
 * contract): ffmpeg would otherwise read any file or URL an item names (`amovie=…`). Said in words of its own.
 */
const checkMusic = (data: Record<string, unknown>) => {
  const { url, lavfi } = data;
  if (typeof lavfi !== 'string' || (url !== null && typeof url !== 'string')) return; // the shape check says
  if (!isAllowedMusic({ url, lavfi })) throw badRequest('dict_bgm_source_invalid');
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A dictionary in the reader's language: an item's label and the texts of its data come from the stored
 * translation (`data.i18n[locale]`) where there is one, else stay the zh-Hans original; `i18n` itself is not sent.
 */
const localizeDictList = (list: DictList, locale: Locale): DictList => ({
  ...list,
  items: list.items.map((item) => {
    if (!isRecord(item.data) || !('i18n' in item.data)) return item;
    const { i18n, ...data } = item.data;
    const { label } = localize({ label: item.label }, i18n, locale);
    return { ...item, label, data: localize(data, i18n, locale) as DictList['items'][number]['data'] };
  }),
});

interface DictionaryDeps {
  store: DictionaryRepositories;
  clock: Clock;
  cache: MemoryCache;
}
/** Runs an operator's change in a transaction; answers once every API process has been told of it. */
type DictionaryChange = <T>(write: (repo: DictionaryRepository, tx: Tx) => Promise<T>) => Promise<T>;

/** The dictionaries' tables: a change to any of their rows (any process, any SQL) forgets the answers. */
const DICTIONARY_TABLES = ['sys_dict_data', 'sys_dict_type'] as const;

/** Reading dictionaries: each list and the versions (prepared answers from memory), the operators' page. */
const createDictionaryReads = ({ store, cache }: DictionaryDeps) => {
  const { dictionary: repo } = store.repos;
  // Every tenant's dictionaries and versions, until a dictionary row or version changes (any process, any SQL).
  const answers = cache.area<CachedAnswer<DictList> | CachedAnswer<DictVersions>>({
    tables: DICTIONARY_TABLES,
  });
  return {
    /** One dictionary in the caller's language. */
    list: ({ tenantId, locale }: Actor, name: DictName) =>
      answers.get(`${tenantId}:${name}:${locale}`, async () =>
        cachedAnswer(await readDictionary(repo, tenantId, name, locale)),
      ) as Promise<CachedAnswer<DictList>>,
    versions: ({ tenantId }: Actor) =>
      answers.get(`versions:${tenantId}`, async () =>
        cachedAnswer(versionsOf(await repo.versions(tenantId))),
      ) as Promise<CachedAnswer<DictVersions>>,

    async page(
      { tenantId }: Actor,
      filter: { page: number; pageSize: number; name?: DictName; label?: string },
    ) {
      const { rows, total } = await repo.page(tenantId, filter);
      return {
        items: rows.map((row) => ({
          ...toItem(row),
          name: row.dictName as DictName,
          updateTime: row.updatedAt.toISOString(),
        })),
        total,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },
  };
};

/** The operators' item editor: add, update and remove an item (checked, versioned and audited). */
const createDictionaryEditor = ({ clock }: DictionaryDeps, change: DictionaryChange) => ({
  async add(actor: Actor, input: DictItemValues & { name: DictName }) {
    const tenantId = actor.tenantId;
    const { name, ...values } = input;
    checkData(name, values.value, values.data);
    return change(async (repo, tx) => {
      const now = clock.now();
      const id = await repo.insert(tenantId, name, values, now);
      if (id === null) throw conflict('dict_value_exists');
      const version = await repo.bumpVersion(tenantId, name, now);
      await writeAudit(tx, actor, {
        action: 'dict.add',
        targetType: `dict:${name}`,
        targetId: id,
        after: values,
      });
      return { id, name, version };
    });
  },

  async update(actor: Actor, input: Partial<DictItemValues> & { id: number }) {
    const tenantId = actor.tenantId;
    const { id, ...changes } = input;
    return change(async (repo, tx) => {
      const row = await repo.byId(tenantId, id, true);
      if (!row) throw notFound();
      const name = row.dictName as DictName;
      const value = changes.value ?? row.value;
      if (name === 'app_config' && value !== row.value) throw badRequest('dict_config_key_fixed');
      checkData(name, value, changes.data !== undefined ? changes.data : (row.data ?? null));
      if (value !== row.value && (await repo.valueTaken(tenantId, name, value, id)))
        throw conflict('dict_value_exists');
      const now = clock.now();
      await repo.update(tenantId, id, changes, now);
      const version = await repo.bumpVersion(tenantId, name, now);
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof row]]));
      await writeAudit(tx, actor, {
        action: 'dict.update',
        targetType: `dict:${name}`,
        targetId: id,
        before,
        after: changes,
      });
      return { id, name, version };
    });
  },

  async remove(actor: Actor, id: number) {
    const tenantId = actor.tenantId;
    return change(async (repo, tx) => {
      const row = await repo.byId(tenantId, id, true);
      if (!row) throw notFound();
      const name = row.dictName as DictName;
      if (name === 'app_config') throw new AppError(400, 'dict_config_key_fixed');
      await repo.remove(tenantId, id);
      const version = await repo.bumpVersion(tenantId, name, clock.now());
      await writeAudit(tx, actor, {
        action: 'dict.delete',
        targetType: `dict:${name}`,
        targetId: id,
        before: { label: row.label, value: row.value, data: row.data },
      });
      return { id, name, version };
    });
  },
});

/** The app config and the check-in rule as operators edit them, over the item editor. */
const createAppConfigEditor = (
  { store, clock }: DictionaryDeps,
  change: DictionaryChange,
  update: ReturnType<typeof createDictionaryEditor>['update'],
) => {
  const { dictionary: reads } = store.repos;
  /** app_config as key → value with its version (apiCaches computed on read). */
  const appConfig = async ({ tenantId }: Actor) => {
    const list = await readDictionary(reads, tenantId, 'app_config');
    return {
      values: Object.fromEntries(list.items.map((item) => [item.value, item.data])) as Record<
        string,
        JsonValue
      >,
      version: list.version,
    };
  };

  /** The check-in rule (points per streak day, texts) of app_activity_rule. */
  const checkInRules = async ({ tenantId }: Actor) => {
    const list = await readDictionary(reads, tenantId, 'app_activity_rule');
    const item = list.items.find((i) => isRecord(i.data) && i.data.kind === 'checkIn');
    if (!item || !isRecord(item.data)) throw notFound();
    const data = item.data as { pointsPerStreakDay: number[]; rules: string[] };
    return { pointsPerStreakDay: data.pointsPerStreakDay, rules: data.rules };
  };

  return {
    appConfig,

    /**
     * Changes app_config values (each key must be editable and its value valid) in one transaction, raising
     * the dictionary's version once so every app refetches.
     */
    async updateAppConfig(actor: Actor, values: Record<string, JsonValue>) {
      const shape = appConfigSchema.shape as Record<string, z.ZodType>;
      for (const [key, value] of Object.entries(values)) {
        if (!(EDITABLE_APP_CONFIG_KEYS as string[]).includes(key)) throw badRequest('dict_config_key_fixed');
        const parsed = shape[key]!.safeParse(value);
        if (!parsed.success)
          throw badRequest('dict_data_invalid', { detail: `${key}: ${describeIssue(parsed.error)}` });
      }
      await change(async (repo, tx) => {
        const rows = await repo.items(actor.tenantId, 'app_config', false);
        const now = clock.now();
        const before: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(values)) {
          const row = rows.find((r) => r.value === key);
          if (!row) throw notFound();
          before[key] = row.data;
          await repo.update(actor.tenantId, row.id, { data: value }, now);
        }
        await repo.bumpVersion(actor.tenantId, 'app_config', now);
        await writeAudit(tx, actor, {
          action: 'app_config.update',
          targetType: 'dict:app_config',
          targetId: null,
          before,
          after: values,
        });
      });
      return appConfig(actor);
    },

    checkInRules,

    async updateCheckInRules(actor: Actor, rules: { pointsPerStreakDay: number[]; rules: string[] }) {
      const rows = await reads.items(actor.tenantId, 'app_activity_rule', false);
      const row = rows.find((r) => isRecord(r.data) && r.data.kind === 'checkIn');
      if (!row || !isRecord(row.data)) throw notFound();
      await update(actor, { id: row.id, data: { ...row.data, ...rules } as JsonValue });
      return checkInRules(actor);
    },
  };
};

export const createDictionaryService = (deps: DictionaryDeps) => {
  const change: DictionaryChange = (write) =>
    deps.cache.published(DICTIONARY_TABLES, () =>
      deps.store.transaction(({ dictionary }, tx) => write(dictionary, tx)),
    );
  const editor = createDictionaryEditor(deps, change);
  return {
    ...createDictionaryReads(deps),
    ...editor,
    ...createAppConfigEditor(deps, change, editor.update),
  };
};
export type DictionaryService = ReturnType<typeof createDictionaryService>;
