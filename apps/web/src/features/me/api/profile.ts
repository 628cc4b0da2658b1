import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Another person's public profile (never their phone or account name) and the follow-up actions on it. */
export const publicUserInfoQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user', 'public', userId],
    queryFn: () => call(endpoints.publicUserInfo, { query: { userId } }, { silent: true }),
  });

export const blockUser = (userId: number) => call(endpoints.blockAdd, { body: { userId } });

export const unblockUser = (userId: number) => call(endpoints.blockRemove, { body: { userId } }, { retry: true });
