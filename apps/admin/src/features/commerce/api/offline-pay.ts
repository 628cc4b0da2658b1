import type { BodyOf } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Offline payment's payee: name, bank and account, QR picture, service link and instructions. */
export const getOfflinePayQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'offline-pay'], queryFn: () => call(endpoints.consoleOfflinePaySettings) });

export const useUpdateOfflinePay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consoleOfflinePayUpdate>) =>
      call(endpoints.consoleOfflinePayUpdate, { body }),
    onSuccess: (saved) => queryClient.setQueryData(getOfflinePayQueryOptions().queryKey, saved),
  });
};

/** Uploads the payment QR picture through the ordinary upload path (checked and screened there), public. */
export const uploadQrPicture = async (file: Blob) => {
  const form = new FormData();
  form.append('file', file);
  const result = await call(endpoints.uploadAttachments, { form, query: { visibility: 'public', category: 'general' } });
  const stored = result.files[0];
  if (!stored) throw new Error('upload answered no file');
  return stored;
};
