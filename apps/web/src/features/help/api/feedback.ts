import { FEEDBACK_MAX_IMAGES, feedbackTypes, type BodyOf } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { uploadAttachment } from '../../../shared/lib/api/attachments';
import type { Progress } from '../../../shared/lib/api/transfer';

/** Feedback (spec §2 /set/help/feedback): a type, a text, up to four images, a contact. */
export { FEEDBACK_MAX_IMAGES };
export const FEEDBACK_TYPES = feedbackTypes;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const addFeedback = (body: BodyOf<typeof endpoints.feedbackAdd>) => call(endpoints.feedbackAdd, { body });

/** Sends feedback; the user sees none of it listed, so no query changes. */
export const useSubmitFeedback = () => useMutation({ mutationFn: addFeedback });

/** Uploads one image and answers its URL. */
export const uploadImage = async (file: Blob, onProgress: (p: Progress) => void): Promise<string> =>
  (await uploadAttachment(file, { onProgress })).url;
