import type { StoredFile } from '@app/contract';
import { uploadAttachment } from '../../../shared/lib/api/attachments';
import type { Progress } from '../../../shared/lib/api/transfer';

/** One picture of a post, reporting its progress. */
export const uploadImage = (file: Blob, onProgress: (progress: Progress) => void, signal?: AbortSignal): Promise<StoredFile> =>
  uploadAttachment(file, { onProgress, signal });
