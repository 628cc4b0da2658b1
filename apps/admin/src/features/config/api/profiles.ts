import type { BodyOf, ResultOf } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type ServiceProfile = ResultOf<typeof endpoints.consoleProfiles>[number];

/** The robot (999) and customer service (10086) as the app shows them. */
export const getProfiles = () => call(endpoints.consoleProfiles);

export const getProfilesQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'profiles'], queryFn: getProfiles });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consoleProfileUpdate>) =>
      call(endpoints.consoleProfileUpdate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
