import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_KEY } from './query-keys';

/**
 * The mutation of one console action (the features' `api/` hooks are made with it): runs `mutationFn`, then
 * refreshes every console query (tables, counts, queue badges) before it settles, so what the page does next
 * (close a drawer, a dialog) already sees the new rows. What the operator is told stays with the page
 * (`useActionFeedback`).
 */
export const useConsoleMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

/** What a screen needs of an action's mutation: run it, and whether it is running. */
export interface ConsoleAction<V, R = unknown> {
  mutateAsync: (variables: V) => Promise<R>;
  isPending: boolean;
}
