import { useLocation } from 'react-router';

/** Where a login returns to: `state.from` (set by the access guard and passed along) or `?from=`. */
export interface ForwardState {
  from?: string;
  notice?: 'guest';
}

const USER_PAGES = /^\/pages\/user\/|^\/$/;

/** A safe in-app path to go back to after login (never a user page, never another site). */
export const safeForward = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !USER_PAGES.test(value.split('?')[0] ?? '')
    ? value
    : undefined;

export const useForward = (): string | undefined => {
  const location = useLocation();
  const state = location.state as ForwardState | null;
  return safeForward(state?.from) ?? safeForward(new URLSearchParams(location.search).get('from'));
};
