import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** What refunding the order would do to the user's gold: to take back, balance, what can be, the shortfall. */
export const getRefundPreview = (orderId: number) =>
  call(endpoints.consoleOrderRefundPreview, { params: { id: orderId } });

/** Read when the refund dialog opens (`enabled`), and fresh each time. */
export const getRefundPreviewQueryOptions = (orderId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [CONSOLE_KEY, 'refund-preview', orderId],
    queryFn: () => getRefundPreview(orderId),
    enabled,
    staleTime: 0,
  });

/** Refunds the paid order; a shortfall must be accepted with its amount (`acceptShortfall`). */
export const useRefundOrder = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; acceptShortfall?: number }) =>
      call(endpoints.consoleOrderRefund, { body: { id: orderId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
