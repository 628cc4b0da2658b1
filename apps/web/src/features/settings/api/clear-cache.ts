import type { QueryClient } from '@tanstack/react-query';
import { StorageKey, storage } from '../../../shared/lib/storage';

/** Clears cached answers and stored config; the session and the language stay. */
export const clearCache = async (queryClient: QueryClient): Promise<void> => {
  queryClient.clear();
  storage.remove(StorageKey.appConfig);
  try {
    if ('caches' in globalThis) for (const name of await caches.keys()) await caches.delete(name);
  } catch {
    // Cache storage unavailable: nothing else to clear.
  }
};
