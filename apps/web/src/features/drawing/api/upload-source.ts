import { useMutation, useQueryClient } from '@tanstack/react-query';
import { drawKeys } from './draw-keys';
import { uploadRoleImages } from './role-images';

/**
 * Picture to picture from the album: the picture goes up as one of my private drawing uploads (the same endpoint
 * and rules as role images), and its id is the source.
 */
export const useUploadSourcePicture = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await uploadRoleImages([file]))[0]!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.roles }),
  });
};
