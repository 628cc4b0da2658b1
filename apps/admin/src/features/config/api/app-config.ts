import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** app_config values and their version. */
export const getAppConfig = () => call(endpoints.consoleAppConfig);

export const getAppConfigQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'app-config'], queryFn: getAppConfig });

/** Changes some values (the server checks which keys may change and what each accepts) and raises the version. */
export const useUpdateAppConfig = () =>
  useConsoleMutation((values: Record<string, unknown>) =>
    call(endpoints.consoleAppConfigUpdate, { body: { values: values as never } }),
  );
