import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Prompt templates of the copywriting robot. */
export const useAddPromptTemplate = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consolePromptTemplateAdd>) =>
    call(endpoints.consolePromptTemplateAdd, { body }),
  );

export const useUpdatePromptTemplate = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consolePromptTemplateUpdate>) =>
    call(endpoints.consolePromptTemplateUpdate, { body }),
  );
