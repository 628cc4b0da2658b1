import type { BodyOf, ResultOf } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type Prize = ResultOf<typeof endpoints.consolePrizeList>[number];
export type PrizeInput = BodyOf<typeof endpoints.consolePrizeAdd>;

/** Lucky-wheel prizes, every one (a wheel has few slots). */
export const getPrizes = () => call(endpoints.consolePrizeList);

export const getPrizesQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'prizes'], queryFn: getPrizes });

export const useAddPrize = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrizeInput) => call(endpoints.consolePrizeAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

export const useUpdatePrize = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consolePrizeUpdate>) =>
      call(endpoints.consolePrizeUpdate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

export const useDeletePrize = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.consolePrizeDelete, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
