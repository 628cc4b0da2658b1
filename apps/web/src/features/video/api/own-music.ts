import { useMutation } from '@tanstack/react-query';
import type { StoredFile } from '@app/contract';
import { uploadAttachment } from '../../../shared/lib/api/attachments';

/**
 * The user's own music for a video: an audio file uploaded privately in the media class (spec §9: 5 MB,
 * 30 s; the server checks it again when the video is made).
 */
export const uploadOwnMusic = (file: Blob): Promise<StoredFile> =>
  uploadAttachment(file, { category: 'media', visibility: 'private' });

export const useUploadOwnMusic = (onUploaded: (file: StoredFile) => void) =>
  useMutation({ mutationFn: uploadOwnMusic, onSuccess: onUploaded });
