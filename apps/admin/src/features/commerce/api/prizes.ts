import type { BodyOf, ResultOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

export type Prize = ResultOf<typeof endpoints.consolePrizeList>[number];
export type PrizeInput = BodyOf<typeof endpoints.consolePrizeAdd>;

/** Lucky-wheel prizes, every one (a wheel has few slots). */
export const getPrizes = () => call(endpoints.consolePrizeList);

export const getPrizesQueryOptions = () =>
  queryOptions({ queryKey: [CONSOLE_KEY, 'prizes'], queryFn: getPrizes });

export const useAddPrize = () =>
  useConsoleMutation((body: PrizeInput) => call(endpoints.consolePrizeAdd, { body }));

export const useUpdatePrize = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consolePrizeUpdate>) =>
    call(endpoints.consolePrizeUpdate, { body }),
  );

export const useDeletePrize = () =>
  useConsoleMutation((id: number) => call(endpoints.consolePrizeDelete, { body: { id } }));
