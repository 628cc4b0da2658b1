import { UPLOAD_RULES, type ResultOf, type StoredFile, type UploadCategory } from '@app/contract';
import { endpoints } from './endpoints';
import { upload, type Progress } from './transfer';

export type AttachmentsResult = ResultOf<typeof endpoints.uploadAttachments>;

export interface AttachmentOptions {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /** The class of spec §9 the files are checked against (general by default). */
  category?: UploadCategory;
  /** Private files are answered as signed links (public by default). */
  visibility?: 'public' | 'private';
}

/**
 * Uploads 1–5 files (field `file`) through UploadAttachments, reporting the progress of the whole request; pictures
 * are first scaled and compressed to the class's limits.
 */
export const uploadAttachments = (
  files: readonly Blob[],
  { category, visibility, ...transfer }: AttachmentOptions = {},
): Promise<AttachmentsResult> => {
  const query = new URLSearchParams({
    ...(category ? { category } : {}),
    ...(visibility ? { visibility } : {}),
  }).toString();
  const path = `${endpoints.uploadAttachments.path}${query ? `?${query}` : ''}`;
  return upload<AttachmentsResult>(path, files, { fieldName: 'file', imageRule: UPLOAD_RULES[category ?? 'general'].image, ...transfer });
};

/** Uploads one file and answers what was stored. */
export const uploadAttachment = async (file: Blob, options: AttachmentOptions = {}): Promise<StoredFile> => {
  const stored = (await uploadAttachments([file], options)).files[0];
  if (!stored) throw new Error('upload answered no file');
  return stored;
};
