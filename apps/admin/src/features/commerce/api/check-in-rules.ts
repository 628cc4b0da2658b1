import type { BodyOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Check-in points per streak day and the rule texts. */
export const getCheckInRules = () => call(endpoints.consoleCheckInRules);

export const getCheckInRulesQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'check-in-rules'], queryFn: getCheckInRules });

export const useUpdateCheckInRules = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consoleCheckInRulesUpdate>) =>
    call(endpoints.consoleCheckInRulesUpdate, { body }),
  );
