import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** app_config values and their version. */
export const getAppConfig = () => call(endpoints.consoleAppConfig);

export const getAppConfigQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'app-config'], queryFn: getAppConfig });

/** Changes some values (the server checks which keys may change and what each accepts) and raises the version. */
export const useUpdateAppConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      call(endpoints.consoleAppConfigUpdate, { body: { values: values as never } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
