import type { BodyOf } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Imports a word list (one per line) in a category; answers what was added, skipped and refused. */
export const useImportSensitiveWords = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consoleSensitiveWordImport>) =>
      call(endpoints.consoleSensitiveWordImport, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** Removes the words `ids`. */
export const useRemoveSensitiveWords = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(endpoints.consoleSensitiveWordRemove, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
