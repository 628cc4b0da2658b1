import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Approves an ambassador application. */
export const useApproveAmbassadorApplication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.consoleAmbassadorApplicationApprove, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Rejects an ambassador application with the reason the user reads. */
export const useRejectAmbassadorApplication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) =>
      call(endpoints.consoleAmbassadorApplicationReject, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Approves an ambassador's task submission (its reward is granted). */
export const useApproveAmbassadorSubmission = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.consoleAmbassadorSubmissionApprove, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Rejects an ambassador's task submission with the reason the user reads. */
export const useRejectAmbassadorSubmission = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) =>
      call(endpoints.consoleAmbassadorSubmissionReject, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
