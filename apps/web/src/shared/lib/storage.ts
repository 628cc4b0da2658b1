/**
 * Local storage with every value wrapped as `{ type, data }` (spec §3), so a number stays a number and an
 * object comes back as an object. Unreadable or foreign values read as absent; storage failures (private
 * mode, quota) never throw into the UI.
 */
export type StoredType = 'string' | 'number' | 'boolean' | 'object' | 'array';

export interface Stored<T> {
  type: StoredType;
  data: T;
}

const typeOf = (value: unknown): StoredType => {
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
};

const backend = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

export const storage = {
  get<T>(key: string): T | undefined {
    const raw = backend()?.getItem(key);
    if (raw == null) return undefined;
    try {
      const parsed = JSON.parse(raw) as Partial<Stored<T>> | null;
      if (!parsed || typeof parsed !== 'object' || !('type' in parsed) || !('data' in parsed)) return undefined;
      return parsed.data;
    } catch {
      return undefined;
    }
  },
  set<T>(key: string, value: T): void {
    const wrapped: Stored<T> = { type: typeOf(value), data: value };
    try {
      backend()?.setItem(key, JSON.stringify(wrapped));
    } catch {
      // Quota exceeded or storage disabled: the value simply is not remembered.
    }
  },
  remove(key: string): void {
    try {
      backend()?.removeItem(key);
    } catch {
      // Storage disabled: nothing to remove.
    }
  },
};

/** Keys the shell owns. Features add their own, prefixed with their area. */
export const StorageKey = {
  session: 'session',
  language: 'language',
  appConfig: 'app_config',
  profile: 'user_profile',
  /** Spec §6: the visitor login, stored with its mode, where it came from and its data. */
  visitor: 'visitor_login',
  /** A random id of this browser, sent as X-Device-Id (the welcome gift goes once per device). */
  deviceId: 'device_id',
} as const;
