import { loadDictionary, resetDictionaries } from './dictionary';
import { StorageKey, storage } from './storage';

/**
 * App config (spec §3 "Config"): the `app_config` dictionary from
 * GET /api/sysDictData/dataList/app_config, through the versioned dictionary cache (`./dictionary`: no request
 * when the server's version is not higher than the stored one). Items are `{ value: key, data: value }`
 * (contract); older shapes are read tolerantly (`{ code|label|name|key, value }`, values possibly JSON text,
 * or an object). When the server cannot be reached and nothing is stored, an empty config is used.
 */
export interface AppConfig {
  questionNum?: number;
  idCardEnable?: boolean;
  reportLogEnable?: { h5?: boolean | number | string; [key: string]: unknown };
  [key: string]: unknown;
}

const parseValue = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return value;
    }
  }
  return value;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const parseAppConfig = (result: unknown): AppConfig => {
  const config: AppConfig = {};
  const items: unknown[] = Array.isArray(result)
    ? result
    : isRecord(result) && Array.isArray(result.items)
      ? result.items
      : isRecord(result) && Array.isArray(result.list)
        ? result.list
        : [];
  if (items.length === 0 && isRecord(result)) {
    for (const [key, value] of Object.entries(result)) if (key !== 'version') config[key] = parseValue(value);
    return config;
  }
  for (const item of items) {
    if (!isRecord(item)) continue;
    // Contract shape: the item's value is the key, its data the value.
    if (typeof item.value === 'string' && item.value !== '' && 'data' in item && item.data !== undefined) {
      config[item.value] = item.data;
      continue;
    }
    const key = [item.code, item.key, item.name, item.label].find((k): k is string => typeof k === 'string' && k !== '');
    const value = parseValue(item.value ?? item.data);
    if (key && value !== undefined) config[key] = value;
    else if (isRecord(value)) Object.assign(config, value);
  }
  return config;
};

export const isReportLogEnabled = (config: AppConfig | undefined): boolean => {
  const flag: unknown = config?.reportLogEnable;
  if (!isRecord(flag)) return false;
  const h5 = flag.h5;
  return h5 === true || h5 === 1 || h5 === 'true';
};

/** The account deletion's cooling-off period in days (app_config accountDeletion; 15 when not set). */
export const coolingOffDaysOf = (config: AppConfig | undefined): number => {
  const section: unknown = config?.accountDeletion;
  const days = isRecord(section) ? section.coolingOffDays : undefined;
  return typeof days === 'number' && days >= 0 ? days : 15;
};

let pending: Promise<AppConfig> | undefined;

/** Read once per page load (silently: its absence is not the user's problem). */
export const getAppConfig = (): Promise<AppConfig> => {
  pending ??= loadDictionary('app_config')
    .then((dictionary) => parseAppConfig(dictionary))
    .catch(() => storage.get<AppConfig>(StorageKey.appConfig) ?? {});
  return pending;
};

export const getAppConfigQueryOptions = () => ({
  queryKey: ['app-config'] as const,
  queryFn: getAppConfig,
  staleTime: Infinity,
});

/** Tests only. */
export const resetAppConfig = (): void => {
  pending = undefined;
  resetDictionaries();
};
