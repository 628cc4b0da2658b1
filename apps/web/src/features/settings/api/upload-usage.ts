import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** The user's upload space and today's upload volume against their limits (VIP higher). */
export const uploadUsageQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'upload-usage'] as const,
    queryFn: () => call(endpoints.uploadUsage, {}, { silent: true }),
  });

/** Bytes as a short size: 512 KB, 3.4 MB, 5 GB (one decimal at most). */
export const formatBytes = (bytes: number): string => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : +value.toFixed(1)} ${units[unit]}`;
};

/** How full a limit is, 0–100 (a full or overfull limit shows 100). */
export const percentOf = (used: number, limit: number): number =>
  limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
