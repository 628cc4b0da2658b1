import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Replies to a user's feedback (the reply reaches the user's message centre). */
export const useReplyFeedback = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reply: string }) => call(endpoints.consoleFeedbackReply, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
