import type { DictItem, DictName } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './api/client';
import { endpoints } from './api/endpoints';
import { useAppStore } from './app-store';
import { storage } from './storage';

/**
 * Dictionary cache (spec §7; the contract's rule in packages/contract/src/dictionary.ts):
 * each dictionary lives in local storage under `dict:<name>` as `{ type: 'object', data: { version, items } }`;
 * one `GET /api/sysDictData/versions` per page load tells which ones changed, and only those (or missing ones)
 * are fetched again with `GET /api/sysDictData/dataList/{name}`. When app_config's `apiCachesEnable` is
 * false nothing is kept and every dictionary is fetched. Without the network the stored copy is used.
 */
export interface CachedDictionary {
  version: number;
  items: DictItem[];
  /** The language the server answered in (names come translated): a copy in another language is fetched again. */
  language?: string;
}

export const dictStorageKey = (name: DictName): string => `dict:${name}`;

type Versions = Partial<Record<DictName, number>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

let versionsPending: Promise<Versions | null> | undefined;
/** Per dictionary and language, for this page load. */
const pending = new Map<string, Promise<CachedDictionary>>();

/** The server's versions, asked once per page load; null when unknown (then every dictionary is fetched). */
export const getServerVersions = (): Promise<Versions | null> => {
  versionsPending ??= call(endpoints.dictVersions, {}, { silent: true })
    .then((result: unknown) => (isRecord(result) ? (result as Versions) : null))
    .catch(() => null);
  return versionsPending;
};

const readLocal = (name: DictName): CachedDictionary | undefined => {
  const stored = storage.get<CachedDictionary>(dictStorageKey(name));
  return stored && typeof stored.version === 'number' && Array.isArray(stored.items) && (stored.language ?? 'zh-Hans') === useAppStore.getState().language
    ? stored
    : undefined;
};

/** app_config's `apiCachesEnable` (true unless the config says false). */
const cachesEnabled = (config: CachedDictionary | undefined): boolean =>
  !config?.items.some((item) => item.value === 'apiCachesEnable' && item.data === false);

const fetchList = async (name: DictName): Promise<CachedDictionary> => {
  const result: unknown = await call(endpoints.dictDataList, { params: { name } }, { silent: true });
  const list = isRecord(result) ? result : {};
  const version = typeof list.version === 'number' ? list.version : 0;
  const language = useAppStore.getState().language;
  if (Array.isArray(list.items)) return { version, items: list.items as DictItem[], language };
  if (Array.isArray(result)) return { version, items: result as DictItem[] };
  // Tolerated older shape: one object of key → value.
  const items = Object.entries(list)
    .filter(([key]) => key !== 'version' && key !== 'name')
    .map(([value, data], i) => ({ id: i + 1, label: value, value, data, sort: i, status: 1, remark: null }) as DictItem);
  return { version, items };
};

const load = async (name: DictName): Promise<CachedDictionary> => {
  const [versions, config] = await Promise.all([
    getServerVersions(),
    name === 'app_config' ? Promise.resolve(undefined) : loadDictionary('app_config').catch(() => undefined),
  ]);
  const local = readLocal(name);
  const useCache = name === 'app_config' ? cachesEnabled(local) : cachesEnabled(config);
  const serverVersion = versions?.[name];
  if (useCache && local && typeof serverVersion === 'number' && serverVersion <= local.version) return local;
  try {
    const fresh = await fetchList(name);
    const keep = name === 'app_config' ? cachesEnabled(fresh) : useCache;
    if (keep) storage.set(dictStorageKey(name), fresh);
    else storage.remove(dictStorageKey(name));
    return fresh;
  } catch (error) {
    if (local) return local;
    throw error;
  }
};

/** One dictionary (its version and shown items), from local storage when the server has nothing newer. */
export const loadDictionary = (name: DictName): Promise<CachedDictionary> => {
  const key = `${name}:${useAppStore.getState().language}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = load(name);
    pending.set(key, promise);
    promise.catch(() => pending.delete(key));
  }
  return promise;
};

export const dictionaryQueryOptions = (name: DictName) => ({
  queryKey: ['dictionary', name, useAppStore.getState().language] as const,
  queryFn: () => loadDictionary(name),
  staleTime: Infinity,
});

/** React: `const { data } = useDictionary('app_tips')` → `{ version, items }`. */
export const useDictionary = (name: DictName) => useQuery(dictionaryQueryOptions(name));

/** Forgets what this page load has read (a new "start"); tests only. */
export const resetDictionaries = (): void => {
  versionsPending = undefined;
  pending.clear();
};
