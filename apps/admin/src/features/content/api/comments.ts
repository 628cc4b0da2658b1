import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Deletes a comment with the reason its writer reads. */
export const useDeleteComment = () =>
  useConsoleMutation((body: { id: number; reason: string }) =>
    call(endpoints.consoleCommentDelete, { body }),
  );
