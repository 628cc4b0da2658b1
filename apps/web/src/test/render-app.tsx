import type { UserBaseInfo } from '@app/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { AppRoutes } from '../app/router';
import { initI18n, loadLanguage } from '../shared/i18n';
import { useAppStore } from '../shared/lib/app-store';

/** What a feature's test needs of the app to render a component alone (features themselves never import app/). */
export { createQueryClient, Providers } from '../app/providers';
export { setupAntdRender } from '../app/antd-render';

/** Where the router is now, for assertions. */
export const location = { pathname: '', search: '', state: undefined as unknown };

function LocationProbe() {
  const here = useLocation();
  location.pathname = here.pathname;
  location.search = here.search;
  location.state = here.state;
  return null;
}

/**
 * Renders the real route table under the real providers at `path` (MemoryRouter instead of the hash), with a given
 * query client (one the app prepared before its first render) or a new one.
 */
export const renderApp = async (path: string, queryClient = createQueryClient()) => {
  await initI18n(useAppStore.getState().language);
  await loadLanguage(useAppStore.getState().language);
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, queryClient };
};

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT-shaped token (the client only reads the payload). */
export const fakeToken = (payload: Record<string, unknown> = {}): string =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ uid: 7, roles: ['user'], exp: Math.floor(Date.now() / 1000) + 3600, ...payload })}.sig`;

export const logIn = (payload: Record<string, unknown> = {}, refreshToken?: string) =>
  useAppStore.getState().setSession({ accessToken: fakeToken(payload), refreshToken });

/** A JSON envelope answer. */
export const envelope = (result: unknown, init: { code?: number; message?: unknown; error?: string; headers?: Record<string, string> } = {}) => {
  const code = init.code ?? 200;
  return new Response(
    JSON.stringify({
      code,
      type: code === 200 ? 'success' : 'error',
      message: init.message ?? null,
      result,
      extras: init.error ? { error: init.error } : null,
      time: new Date().toISOString(),
    }),
    { status: code, headers: { 'Content-Type': 'application/json', ...init.headers } },
  );
};

/**
 * Stubs fetch so that the first `failures` requests fail as an unreachable server does and every later one
 * answers `result`; the returned function tells how many requests were made.
 */
export const failThenAnswer = (failures: number, result: unknown): (() => number) => {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls += 1;
      if (calls <= failures) throw new TypeError('offline');
      return envelope(result);
    }),
  );
  return () => calls;
};

/** The base info of the user `logIn()` signs in (uid 7): an ordinary member-less account; tests override what they assert on. */
export const baseInfo = (overrides: Partial<UserBaseInfo> = {}): UserBaseInfo => ({
  id: 7,
  account: null,
  nickName: 'member-7',
  avatar: '/static/images/avatar-default.svg',
  introduction: '',
  sex: 1,
  phone: '138****0000',
  vipLevel: 0,
  vipExpireDate: null,
  isVip: false,
  gold: 0,
  points: 0,
  hasPassword: true,
  roles: ['user'],
  createTime: '2026-01-01T00:00:00Z',
  deletionDueAt: null,
  ...overrides,
});
