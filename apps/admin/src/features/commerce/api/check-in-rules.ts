import type { BodyOf } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Check-in points per streak day and the rule texts. */
export const getCheckInRules = () => call(endpoints.consoleCheckInRules);

export const getCheckInRulesQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'check-in-rules'], queryFn: getCheckInRules });

export const useUpdateCheckInRules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consoleCheckInRulesUpdate>) =>
      call(endpoints.consoleCheckInRulesUpdate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
