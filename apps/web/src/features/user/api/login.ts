import type { TokenPair } from '@app/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { useAppStore } from '../../../shared/lib/app-store';
import { clearUserQueries, getAuthUserInfoQueryOptions, getBaseInfoQueryOptions } from '../../../shared/lib/session';

/** Logging in on the web side: login config and the session after a login. */
export const getLoginConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'login-config'],
    queryFn: () => call(endpoints.loginConfig, {}, { silent: true }),
    staleTime: 10 * 60_000,
  });

/**
 * After any login: store the token pair, then fetch userInfo and baseInfo (guests have no base info).
 * A failure to fetch the profile does not undo the login.
 */
export const completeLogin = async (tokens: TokenPair, queryClient: QueryClient, options: { guest?: boolean } = {}): Promise<void> => {
  useAppStore.getState().setSession({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  clearUserQueries(queryClient);
  await Promise.allSettled([
    queryClient.fetchQuery(getAuthUserInfoQueryOptions()),
    options.guest ? Promise.resolve() : queryClient.fetchQuery(getBaseInfoQueryOptions()),
  ]);
};
