import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** One user: balances, real-name, order totals, ban state. */
export const getUserDetail = (userId: number) => call(endpoints.consoleUserDetail, { query: { userId } });

export const getUserDetailQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [CONSOLE_KEY, 'user', userId],
    queryFn: () => getUserDetail(userId),
    enabled: Number.isSafeInteger(userId) && userId > 0,
  });
