import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawRoleImage } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload } from '../../../shared/lib/api/transfer';
import { drawKeys } from './draw-keys';

/** My role images (spec §7 aiDrawProject/uploadRoleImages): pictures of characters a drawing keeps. */
export const roleImagesQueryOptions = () =>
  queryOptions({
    queryKey: drawKeys.roles,
    queryFn: () => call(endpoints.aiDrawRoleImages, {}, { silent: true }),
  });

export const uploadRoleImages = (files: Blob[]) =>
  upload<DrawRoleImage[]>(endpoints.aiDrawUploadRoleImages.path, files, { fieldName: 'file' });

/** Uploads role images; answers the ones added, and my role images follow. */
export const useUploadRoleImages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRoleImages,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.roles }),
  });
};
