import type { ResultOf, StoredFile } from '@app/contract';
import { endpoints } from './endpoints';
import { upload, type Progress } from './transfer';

export type AttachmentsResult = ResultOf<typeof endpoints.uploadAttachments>;

/** Uploads 1–5 files (field `file`) through UploadAttachments, reporting the progress of the whole request. */
export const uploadAttachments = (
  files: readonly Blob[],
  options: { onProgress?: (progress: Progress) => void; signal?: AbortSignal } = {},
): Promise<AttachmentsResult> => upload<AttachmentsResult>(endpoints.uploadAttachments.path, files, { fieldName: 'file', ...options });

/** Uploads one file and answers what was stored. */
export const uploadAttachment = async (
  file: Blob,
  options: { onProgress?: (progress: Progress) => void; signal?: AbortSignal } = {},
): Promise<StoredFile> => {
  const stored = (await uploadAttachments([file], options)).files[0];
  if (!stored) throw new Error('upload answered no file');
  return stored;
};
