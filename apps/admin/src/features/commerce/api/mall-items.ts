import type { BodyOf } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type MallItemInput = BodyOf<typeof endpoints.consoleMallItemAdd>;

/** Points-mall items. */
export const useAddMallItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MallItemInput) => call(endpoints.consoleMallItemAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

export const useUpdateMallItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consoleMallItemUpdate>) =>
      call(endpoints.consoleMallItemUpdate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

export const useDeleteMallItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.consoleMallItemDelete, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
