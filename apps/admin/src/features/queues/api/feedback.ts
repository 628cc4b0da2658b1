import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Replies to a user's feedback (the reply reaches the user's message centre). */
export const useReplyFeedback = () =>
  useConsoleMutation((body: { id: number; reply: string }) => call(endpoints.consoleFeedbackReply, { body }));
