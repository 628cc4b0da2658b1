import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Sets a new password for the user, with a reason. */
export const useResetUserPassword = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; reason: string }) =>
      call(endpoints.consoleUserResetPassword, { body: { ...body, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
