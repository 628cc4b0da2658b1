import type { BodyOf } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type DictItemInput = Omit<BodyOf<typeof endpoints.consoleDictAdd>, 'name'>;

/** Adds an item to the dictionary `name` (its version rises, so apps refetch it). */
export const useAddDictItem = (name: BodyOf<typeof endpoints.consoleDictAdd>['name']) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DictItemInput) => call(endpoints.consoleDictAdd, { body: { ...body, name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

export const useUpdateDictItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consoleDictUpdate>) =>
      call(endpoints.consoleDictUpdate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

export const useDeleteDictItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.consoleDictDelete, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
