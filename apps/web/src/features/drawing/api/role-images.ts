import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_RULES, type DrawRoleImage, type DrawUploadPurpose } from '@app/contract';
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

/** Uploads drawing pictures: role images, or with `purpose` source a picture to draw from (not listed as a role). */
export const uploadRoleImages = (files: Blob[], purpose: DrawUploadPurpose = 'role') =>
  upload<DrawRoleImage[]>(endpoints.aiDrawUploadRoleImages.path, files, {
    fieldName: 'file',
    query: { purpose },
    imageRule: UPLOAD_RULES.digital.image,
  });

/**
 * Uploads role images; my role images follow. `onAdded` gets each upload's images, including a first batch still
 * going up when a second is picked (a callback given to `mutate` would run for the last batch only).
 */
export const useUploadRoleImages = (onAdded: (added: DrawRoleImage[]) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: Blob[]) => uploadRoleImages(files),
    onSuccess: (added) => {
      onAdded(added);
      void queryClient.invalidateQueries({ queryKey: drawKeys.roles });
    },
  });
};
