import type { BodyOf } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload, type Progress } from '../../../shared/lib/api/transfer';

/** The profile's texts (nickname, signature…). */
export const updateProfileText = (body: BodyOf<typeof endpoints.updateBaseInfo>) => call(endpoints.updateBaseInfo, { body }, { silent: true });

/** Uploads the cropped avatar (spec §7 `/api/sysFile/uploadAvatar`), reporting the upload's progress. */
export const uploadAvatar = (image: Blob, onProgress: (progress: Progress) => void) =>
  upload(endpoints.uploadAvatar.path, [image], { fieldName: 'file', onProgress });
