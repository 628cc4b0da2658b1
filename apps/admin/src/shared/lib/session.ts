import { useSyncExternalStore } from 'react';

/** The operator's tokens, kept in localStorage under one key (wrapped as `{ type, data }` like the app). */
export interface ConsoleSession {
  accessToken: string;
  refreshToken?: string;
}

const KEY = 'aichuang.admin.session';
const listeners = new Set<() => void>();

const read = (): ConsoleSession | null => {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { type?: string; data?: ConsoleSession } | null;
    return stored?.type === 'object' && stored.data?.accessToken ? stored.data : null;
  } catch {
    return null;
  }
};

let current: ConsoleSession | null = read();

export const getSession = (): ConsoleSession | null => current;

export const setSession = (session: ConsoleSession | null): void => {
  current = session;
  if (session) localStorage.setItem(KEY, JSON.stringify({ type: 'object', data: session }));
  else localStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
};

/** Re-reads storage (tests clear it between cases). */
export const reloadSession = (): void => {
  current = read();
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): ConsoleSession | null => useSyncExternalStore(subscribe, getSession, getSession);
