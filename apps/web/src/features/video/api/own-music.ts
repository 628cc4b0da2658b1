import { useMutation } from '@tanstack/react-query';
import type { StoredFile } from '@app/contract';
import type { AttachmentsResult } from '../../../shared/lib/api/attachments';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload } from '../../../shared/lib/api/transfer';

/**
 * The user's own music for a video: an audio file uploaded privately in the media class (spec §9: 5 MB,
 * 30 s; the server checks it again when the video is made).
 */
export const uploadOwnMusic = async (file: Blob): Promise<StoredFile> => {
  const path = `${endpoints.uploadAttachments.path}?category=media&visibility=private`;
  const stored = (await upload<AttachmentsResult>(path, [file], { fieldName: 'file' })).files[0];
  if (!stored) throw new Error('upload answered no file');
  return stored;
};

export const useUploadOwnMusic = (onUploaded: (file: StoredFile) => void) =>
  useMutation({ mutationFn: uploadOwnMusic, onSuccess: onUploaded });
