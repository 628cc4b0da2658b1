import { useQuery } from '@tanstack/react-query';
import { storage } from '../lib/storage';
import { API_BASE, APP_VARIANT } from './app';
import type { VariantId } from './variants';

/**
 * The static config variants of spec §7 (`/static/config-<name>.json`: main, ai, chat, chat-ai, ios, chat-ios) carry
 * the app's feature switches and the pay methods it offers. The app reads its variant's file once per start (kept for
 * offline starts); until it arrives, or without one, every feature is on and every pay method offered.
 */
export const FEATURE_NAMES = ['chat', 'templates', 'draw', 'dub', 'video', 'plaza', 'vip', 'checkIn', 'lucky', 'mall', 'vote', 'realName'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export interface FeatureConfig {
  features: Record<FeatureName, boolean>;
  /** Pay method codes offered (spec §9); null = all the web offers. */
  payMethods: number[] | null;
}

export const DEFAULT_FEATURE_CONFIG: FeatureConfig = {
  features: Object.fromEntries(FEATURE_NAMES.map((name) => [name, true])) as Record<FeatureName, boolean>,
  payMethods: null,
};

/** Which config file each build variant reads (VITE_CONFIG_VARIANT overrides, e.g. `chat-ai`). */
const CONFIG_FILE: Record<VariantId, string> = { main: 'main', chat: 'chat', brand: 'main' };
export const configFileName = (): string =>
  (import.meta.env.VITE_CONFIG_VARIANT as string | undefined) || CONFIG_FILE[APP_VARIANT];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A config file's switches; a missing or malformed switch stays on. */
export const parseFeatureConfig = (json: unknown): FeatureConfig => {
  const features = isRecord(json) && isRecord(json.features) ? json.features : {};
  const payMethods = isRecord(json) && Array.isArray(json.payMethods) ? json.payMethods.filter((m): m is number => Number.isInteger(m)) : null;
  return {
    features: Object.fromEntries(FEATURE_NAMES.map((name) => [name, features[name] !== false])) as Record<FeatureName, boolean>,
    payMethods,
  };
};

const STORAGE_KEY = 'feature_config';

export const loadFeatureConfig = async (): Promise<FeatureConfig> => {
  try {
    const response = await fetch(`${API_BASE}/static/config-${configFileName()}.json`, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`config ${response.status}`);
    const config = parseFeatureConfig(await response.json());
    storage.set(STORAGE_KEY, config);
    return config;
  } catch {
    const stored = storage.get<unknown>(STORAGE_KEY);
    return stored ? parseFeatureConfig(stored) : DEFAULT_FEATURE_CONFIG;
  }
};

export const featureConfigQueryOptions = () => ({
  queryKey: ['static-config', configFileName()] as const,
  queryFn: loadFeatureConfig,
  staleTime: Infinity,
  retry: false,
});

/** React: the switches (all on while the file loads). */
export const useFeatureConfig = (): FeatureConfig => useQuery(featureConfigQueryOptions()).data ?? DEFAULT_FEATURE_CONFIG;

/** The feature a page belongs to, by its path (pages of no switchable feature: undefined). */
const FEATURE_OF_PATH: [RegExp, FeatureName][] = [
  [/^\/pages\/index\/ai$|^\/pages\/detail\/copy$/, 'chat'],
  [/^\/pages\/index\/(temps|create)\//, 'templates'],
  [/^\/draw\//, 'draw'],
  [/^\/media\/dub\//, 'dub'],
  [/^\/media\/video\//, 'video'],
  [/^\/pages\/index\/vip\//, 'vip'],
  [/^\/activity\/sign\//, 'checkIn'],
  [/^\/activity\/lucky\//, 'lucky'],
  [/^\/activity\/exchange\//, 'mall'],
  [/^\/activity\/votePage\//, 'vote'],
  [/^\/auth\//, 'realName'],
];
export const featureOfPath = (path: string): FeatureName | undefined =>
  FEATURE_OF_PATH.find(([pattern]) => pattern.test(path))?.[1];

/** Whether the page at `path` is switched on in `config`. */
export const isPathEnabled = (config: FeatureConfig, path: string): boolean => {
  const feature = featureOfPath(path.split('?')[0] ?? path);
  return feature === undefined || config.features[feature];
};
