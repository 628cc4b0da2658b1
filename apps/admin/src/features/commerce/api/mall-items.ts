import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

export type MallItemInput = BodyOf<typeof endpoints.consoleMallItemAdd>;

/** Points-mall items. */
export const useAddMallItem = () =>
  useConsoleMutation((body: MallItemInput) => call(endpoints.consoleMallItemAdd, { body }));

export const useUpdateMallItem = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consoleMallItemUpdate>) =>
    call(endpoints.consoleMallItemUpdate, { body }),
  );

export const useDeleteMallItem = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleMallItemDelete, { body: { id } }));
