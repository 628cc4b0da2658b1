import { useQuery } from '@tanstack/react-query';
import { call, endpoints } from './api';
import { CONSOLE_KEY } from './query-keys';
import { useSession } from './session';

/** The logged-in operator (`consoleMe`); the server answers 403 to anyone without the admin role. */
export const useOperator = () => {
  const session = useSession();
  return useQuery({
    queryKey: [CONSOLE_KEY, 'me', session?.accessToken],
    queryFn: () => call(endpoints.consoleMe),
    enabled: Boolean(session),
    retry: false,
    staleTime: 5 * 60_000,
  });
};
