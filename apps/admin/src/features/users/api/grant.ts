import type { BodyOf } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type Grant = Omit<BodyOf<typeof endpoints.consoleUserGrant>, 'userId'>;

/** Gives (or, with a negative amount, takes back) gold, points or VIP days, with a reason. */
export const useGrantUser = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Grant) => call(endpoints.consoleUserGrant, { body: { ...body, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
