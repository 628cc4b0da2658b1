import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Every review queue: how many wait and how long the oldest has waited. */
export const getQueueSummary = () => call(endpoints.consoleQueues);

/** Read again each minute, and after every action (which refreshes every console query). */
export const getQueueSummaryQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'queues'], queryFn: getQueueSummary, refetchInterval: 60_000 });
