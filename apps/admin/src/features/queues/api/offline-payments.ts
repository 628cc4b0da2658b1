import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Confirms an offline transfer arrived: the order is paid and granted. */
export const useConfirmOfflinePayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; remark?: string }) => call(endpoints.consoleOfflineConfirm, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Cancels an offline-payment order with the reason the user reads. */
export const useRejectOfflinePayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => call(endpoints.consoleOfflineReject, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
