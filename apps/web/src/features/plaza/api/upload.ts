import type { StoredFile } from '@app/contract';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload, type Progress } from '../../../shared/lib/api/transfer';

/** One picture through UploadAttachments (field `file`), reporting its progress. */
export const uploadImage = async (file: Blob, onProgress: (progress: Progress) => void, signal?: AbortSignal): Promise<StoredFile> => {
  const result = await upload<{ message: string; files: StoredFile[] }>(endpoints.uploadAttachments.path, [file], {
    fieldName: 'file',
    onProgress,
    signal,
  });
  const stored = result.files[0];
  if (!stored) throw new Error('upload answered no file');
  return stored;
};
