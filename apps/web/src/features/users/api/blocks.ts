import type { BodyOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload, type Progress } from '../../../shared/lib/api/transfer';

/** Account management (spec §2 /set/account/*, /set/phone): password, phone, blocked authors, deletion. */
export const blockQueryKey = ['user', 'blocks'] as const;

export const blockListQueryOptions = () =>
  queryOptions({ queryKey: blockQueryKey, queryFn: () => call(endpoints.blockPage, { query: { page: 1, pageSize: 100 } }, { silent: true }) });

/** Idempotent: a timeout or server failure offers the retry notice (spec §8). */
export const unblockUser = (userId: number) => call(endpoints.blockRemove, { body: { userId } }, { retry: true });

export const changePassword = (body: BodyOf<typeof endpoints.changePwd>) => call(endpoints.changePwd, { body }, { silent: true });

export const setPassword = (body: BodyOf<typeof endpoints.setPwd>) => call(endpoints.setPwd, { body }, { silent: true });

export const changePhone = (body: BodyOf<typeof endpoints.changePhone>) => call(endpoints.changePhone, { body }, { silent: true });

export const updateProfileText = (body: BodyOf<typeof endpoints.updateBaseInfo>) => call(endpoints.updateBaseInfo, { body }, { silent: true });

export const deleteAccount = () => call(endpoints.fakeDelete);

/** Uploads the cropped avatar (spec §7 `/api/sysFile/uploadAvatar`), reporting the upload's progress. */
export const uploadAvatar = (image: Blob, onProgress: (progress: Progress) => void) =>
  upload(endpoints.uploadAvatar.path, [image], { fieldName: 'file', onProgress });
