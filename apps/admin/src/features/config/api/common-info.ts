import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Banners, notices, help FAQ and wallpapers. */
export const useAddCommonInfo = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consoleCommonInfoAdd>) =>
    call(endpoints.consoleCommonInfoAdd, { body }),
  );

export const useUpdateCommonInfo = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consoleCommonInfoUpdate>) =>
    call(endpoints.consoleCommonInfoUpdate, { body }),
  );

export const useDeleteCommonInfo = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleCommonInfoDelete, { body: { id } }));
