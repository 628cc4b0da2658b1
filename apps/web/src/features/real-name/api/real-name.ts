import type { BodyOf, ResultOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload, type Progress } from '../../../shared/lib/api/transfer';

/** Real-name status values (contract enums RealNameStatus). */
export const RealName = { None: 0, Pending: 1, Approved: 2, Rejected: 4 } as const;

export const realNameDetailQueryKey = ['real-name', 'detail'] as const;
export const getRealNameDetailQueryOptions = () =>
  queryOptions({ queryKey: realNameDetailQueryKey, queryFn: () => call(endpoints.realNameDetail, {}, { silent: true }) });

/** Submits the name and ID card, or submits them again after a rejection. */
export const submitRealName = (body: BodyOf<typeof endpoints.realNameAdd>, resubmit: boolean) =>
  call(resubmit ? endpoints.realNameUpdate : endpoints.realNameAdd, { body }, { silent: true });

/** Uploads the ID card's front and back (stored privately); answers their keys for `idCardImages`. */
export const uploadIdCardImages = async (front: Blob, back: Blob, onProgress: (progress: Progress) => void): Promise<string[]> =>
  (await upload<ResultOf<typeof endpoints.uploadIdCardImageList>>(endpoints.uploadIdCardImageList.path, [front, back], { onProgress })).files;
