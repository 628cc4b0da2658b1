import type { BodyOf } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type ReportResolution = BodyOf<typeof endpoints.consoleReportResolve>;

/** Resolves a report: take the content down, dismiss, warn or ban the author, with a reason. */
export const useResolveReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportResolution) => call(endpoints.consoleReportResolve, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
