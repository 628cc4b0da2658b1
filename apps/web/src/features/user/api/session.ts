import type { TokenPair, UserBaseInfo } from '@app/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { useAppStore } from '../../../shared/lib/app-store';

/** Accounts on the web side: login config, captcha, the session after a login, logout. */
export const getLoginConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'login-config'],
    queryFn: () => call(endpoints.loginConfig, {}, { silent: true }),
    staleTime: 10 * 60_000,
  });

export const baseInfoQueryKey = ['user', 'base-info'] as const;

/** The caller's profile (spec §3 defaults, masked phone, VIP, gold and points); kept in the store for the first paint. */
export const getBaseInfo = async (): Promise<UserBaseInfo> => {
  const info = await call(endpoints.userBaseInfo, {}, { silent: true });
  useAppStore.getState().setProfile({
    id: info.id,
    nickName: info.nickName,
    avatar: info.avatar,
    introduction: info.introduction,
    phone: info.phone,
    vipLevel: info.vipLevel,
    vipExpireDate: info.vipExpireDate,
  });
  return info;
};

export const getBaseInfoQueryOptions = () => queryOptions({ queryKey: baseInfoQueryKey, queryFn: getBaseInfo });

export const getAuthUserInfoQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user-info'], queryFn: () => call(endpoints.authUserInfo, {}, { silent: true }) });

export const sendCaptcha = (phone: string) => call(endpoints.sendCaptcha, { body: { phone: phone.trim() } }, { silent: true });

/**
 * After any login: store the token pair, then fetch userInfo and baseInfo (guests have no base info).
 * A failure to fetch the profile does not undo the login.
 */
export const completeLogin = async (tokens: TokenPair, queryClient: QueryClient, options: { guest?: boolean } = {}): Promise<void> => {
  useAppStore.getState().setSession({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['auth', 'user-info'] });
  queryClient.removeQueries({ queryKey: ['real-name'] });
  await Promise.allSettled([
    queryClient.fetchQuery(getAuthUserInfoQueryOptions()),
    options.guest ? Promise.resolve() : queryClient.fetchQuery(getBaseInfoQueryOptions()),
  ]);
};

/** Ends the session on the server (best effort) and clears it here. */
export const logout = async (queryClient: QueryClient): Promise<void> => {
  if (useAppStore.getState().session) await call(endpoints.logout, {}, { silent: true }).catch(() => undefined);
  useAppStore.getState().clearSession();
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['auth', 'user-info'] });
  queryClient.removeQueries({ queryKey: ['real-name'] });
};
