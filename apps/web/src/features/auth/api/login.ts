import type { BodyOf, TokenPair } from '@app/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { useAppStore, type VisitorLogin } from '../../../shared/lib/app-store';
import { decodeToken } from '../../../shared/lib/token';
import { clearUserQueries, getAuthUserInfoQueryOptions, getBaseInfoQueryOptions } from '../../../shared/lib/session';

/** Logging in on the web side: login config, the ways to log in, the password reset, the session after a login. */
export const getLoginConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'login-config'],
    queryFn: () => call(endpoints.loginConfig, {}, { silent: true }),
    staleTime: 10 * 60_000,
  });

export const visitorLogin = () => call(endpoints.visitorLogin);

export const phoneLogin = (body: BodyOf<typeof endpoints.phoneLogin>) => call(endpoints.phoneLogin, { body }, { silent: true });

export const passwordLogin = (body: BodyOf<typeof endpoints.passwordLogin>) =>
  call(endpoints.passwordLogin, { body }, { silent: true });

/** WeChat login without a phone yet: binds one with an SMS code and logs in. */
export const bindPhone = (body: BodyOf<typeof endpoints.wxPhoneBindSms>) =>
  call(endpoints.wxPhoneBindSms, { body }, { silent: true });

export const resetPasswordBySms = (body: BodyOf<typeof endpoints.changePwdBySms>) =>
  call(endpoints.changePwdBySms, { body }, { silent: true });

/** What a visitor login remembers (spec §6: mode, from, data). */
export const visitorRecord = (tokens: TokenPair, from: string, now: Date = new Date()): VisitorLogin => ({
  mode: 'visitor',
  from,
  data: { userId: decodeToken(tokens.accessToken)?.uid ?? 0, loginTime: now.toISOString() },
});

/**
 * After any login: store the token pair (and for a visitor login the visitor record), then fetch userInfo and
 * baseInfo (guests have no base info). A failure to fetch the profile does not undo the login.
 */
export const completeLogin = async (
  tokens: TokenPair,
  queryClient: QueryClient,
  options: { guest?: boolean; from?: string } = {},
): Promise<void> => {
  const session = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  useAppStore.getState().setSession(session, options.guest ? visitorRecord(tokens, options.from ?? '/') : undefined);
  clearUserQueries(queryClient);
  await Promise.allSettled([
    queryClient.fetchQuery(getAuthUserInfoQueryOptions()),
    options.guest ? Promise.resolve() : queryClient.fetchQuery(getBaseInfoQueryOptions()),
  ]);
};
