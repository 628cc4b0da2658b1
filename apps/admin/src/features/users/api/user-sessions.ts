import type { ResultOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type UserSession = ResultOf<typeof endpoints.consoleUserSessions>[number];

/** A user's login sessions (client, IP, last seen, whether still active). */
export const getUserSessions = (userId: number) => call(endpoints.consoleUserSessions, { query: { userId } });

export const getUserSessionsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'user-sessions', userId], queryFn: () => getUserSessions(userId) });
