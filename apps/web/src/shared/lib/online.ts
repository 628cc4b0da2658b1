import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network connection, as its `online` / `offline` events last said (the events are the
 * signal: `navigator.onLine` only seeds the first value).
 */
let online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
const listeners = new Set<() => void>();

const set = (value: boolean) => {
  if (online === value) return;
  online = value;
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set(true));
  window.addEventListener('offline', () => set(false));
}

export const isOnline = (): boolean => online;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Re-renders when the connection comes and goes. */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);

/**
 * Runs a deferred load (code fetched after the first screen); if it fails while the connection is gone, runs it
 * again when the connection returns instead of failing for good.
 */
export const retryWhenOnline = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((error: unknown) => {
    if (isOnline()) throw error;
    return new Promise<T>((resolve, reject) => {
      const unsubscribe = subscribe(() => {
        if (!online) return;
        unsubscribe();
        retryWhenOnline(load).then(resolve, reject);
      });
    });
  });
