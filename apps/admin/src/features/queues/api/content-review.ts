import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Publishes a work waiting for review (先审后发); its author is told. */
export const useApproveContent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.consoleContentApprove, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Refuses a work waiting for review with the reason its author reads. */
export const useRejectContent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => call(endpoints.consoleContentReject, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
