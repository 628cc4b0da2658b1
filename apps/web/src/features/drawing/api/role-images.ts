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

/**
 * Uploads role images; my role images follow. `onAdded` gets each upload's images, including a first batch still
 * going up when a second is picked (a callback given to `mutate` would run for the last batch only).
 */
export const useUploadRoleImages = (onAdded: (added: DrawRoleImage[]) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRoleImages,
    onSuccess: (added) => {
      onAdded(added);
      void queryClient.invalidateQueries({ queryKey: drawKeys.roles });
    },
  });
};
