import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Bans the user for `days` (null: until unbanned), with the reason the user reads. */
export const useBanUser = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; days: number | null }) =>
      call(endpoints.consoleUserBan, { body: { ...body, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Lifts the user's ban, with a reason. */
export const useUnbanUser = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call(endpoints.consoleUserUnban, { body: { userId, reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
