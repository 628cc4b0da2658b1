import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Imports a word list (one per line) in a category; answers what was added, skipped and refused. */
export const useImportSensitiveWords = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consoleSensitiveWordImport>) =>
    call(endpoints.consoleSensitiveWordImport, { body }),
  );

/** Removes the words `ids`. */
export const useRemoveSensitiveWords = () =>
  useConsoleMutation((ids: number[]) => call(endpoints.consoleSensitiveWordRemove, { body: { ids } }));
