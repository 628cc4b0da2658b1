import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Takes a published work down with the reason its author reads (audited, the author told, unpinned). */
export const useTakeDownWork = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => call(endpoints.consoleContentTakeDown, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Publishes a taken-down work again. */
export const useRestoreWork = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.consoleContentRestore, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Pins a published work to the top of the plaza, or unpins it. */
export const usePinWork = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; pinned: boolean }) => call(endpoints.consoleContentPin, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
