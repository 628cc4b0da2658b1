import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

export type DictItemInput = Omit<BodyOf<typeof endpoints.consoleDictAdd>, 'name'>;

/** Adds an item to the dictionary `name` (its version rises, so apps refetch it). */
export const useAddDictItem = (name: BodyOf<typeof endpoints.consoleDictAdd>['name']) =>
  useConsoleMutation((body: DictItemInput) => call(endpoints.consoleDictAdd, { body: { ...body, name } }));

export const useUpdateDictItem = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consoleDictUpdate>) =>
    call(endpoints.consoleDictUpdate, { body }),
  );

export const useDeleteDictItem = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleDictDelete, { body: { id } }));
