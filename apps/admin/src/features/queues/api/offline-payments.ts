import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Confirms an offline transfer arrived: the order is paid and granted. */
export const useConfirmOfflinePayment = () =>
  useConsoleMutation((body: { id: number; remark?: string }) =>
    call(endpoints.consoleOfflineConfirm, { body }),
  );

/** Cancels an offline-payment order with the reason the user reads. */
export const useRejectOfflinePayment = () =>
  useConsoleMutation((body: { id: number; reason: string }) =>
    call(endpoints.consoleOfflineReject, { body }),
  );
