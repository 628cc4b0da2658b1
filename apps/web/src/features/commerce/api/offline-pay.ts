import { PayMethod, type OfflinePayOrder } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { uploadAttachment } from '../../../shared/lib/api/attachments';
import type { Progress } from '../../../shared/lib/api/transfer';

/** An offline order's payee and the screenshot sent so far (`/api/sysOrder/offlinePay`). */
export const getOfflinePayQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['commerce', 'offline-pay', orderId],
    queryFn: () => call(endpoints.orderOfflinePay, { query: { id: orderId } }, { silent: true }),
  });

/**
 * Sends (or replaces) the transfer screenshot: the picture goes through the upload path (scaled and compressed
 * in the browser, screened on the server) as a private file, then is attached to the order.
 */
export const useAttachTransferProof = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: Blob; onProgress: (progress: Progress) => void }) => {
      const stored = await uploadAttachment(file, { visibility: 'private', onProgress });
      return call(endpoints.orderTransferProof, { body: { id: orderId, fileId: stored.id } });
    },
    onSuccess: (next: OfflinePayOrder) => queryClient.setQueryData(getOfflinePayQueryOptions(orderId).queryKey, next),
  });
};

/** The caller's offline orders still waiting for a transfer (newest first), to come back to from the member centre. */
export const getPendingOfflineOrdersQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['commerce', 'pending-offline-orders'],
    queryFn: async () => {
      const page = await call(endpoints.goldPackageOrderPage, { body: { page: 1, pageSize: 10, state: 'pending' } }, { silent: true });
      return page.items.filter((order) => order.payMethod === PayMethod.Offline);
    },
    enabled,
  });
