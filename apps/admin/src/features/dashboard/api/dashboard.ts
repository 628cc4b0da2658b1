import type { ResultOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type Dashboard = ResultOf<typeof endpoints.consoleDashboard>;

/** Today and the last 30 days, from the server's SQL aggregates. */
export const getDashboard = (): Promise<Dashboard> => call(endpoints.consoleDashboard);

export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'dashboard'], queryFn: getDashboard });
