import type { UserBaseInfo } from '@app/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from './api/client';
import { endpoints } from './api/endpoints';
import { useAppStore } from './app-store';

/** The signed-in user as every feature sees it: the profile queries, the SMS code, logout. */
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

/** The caller's full profile with its metadata (the personal homepage's background, …). */
export const userDetailQueryKey = ['user', 'detail'] as const;
export const userDetailQueryOptions = () =>
  queryOptions({ queryKey: userDetailQueryKey, queryFn: () => call(endpoints.currentUserDetail, {}, { silent: true }) });

export const getAuthUserInfoQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user-info'], queryFn: () => call(endpoints.authUserInfo, {}, { silent: true }) });

/** Sends the SMS code; `humanCheck` is a solved human check when the server asked for one. */
export const sendCaptcha = (phone: string, humanCheck?: string) =>
  call(endpoints.sendCaptcha, { body: humanCheck ? { phone: phone.trim(), humanCheck } : { phone: phone.trim() } }, { silent: true });

/** A human-check challenge (proof of work) from the server. */
export const fetchHumanChallenge = () => call(endpoints.humanCheck, {}, { silent: true });

/** Forgets what was cached about the previous user (a login or logout changes who "the user" is). */
export const clearUserQueries = (queryClient: QueryClient): void => {
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['auth', 'user-info'] });
  queryClient.removeQueries({ queryKey: ['real-name'] });
};

/** Ends the session on the server (best effort) and clears it here. */
export const logout = async (queryClient: QueryClient): Promise<void> => {
  if (useAppStore.getState().session) await call(endpoints.logout, {}, { silent: true }).catch(() => undefined);
  useAppStore.getState().clearSession();
  clearUserQueries(queryClient);
};
