import { useMutation } from '@tanstack/react-query';
import { uploadRoleImages } from './role-images';

/**
 * Picture to picture from the album: the picture goes up as one of my private drawing uploads (the same endpoint
 * and rules as role images, purpose `source`), and its id is the source. It is not a role: 参考角色 stays as it was.
 */
export const useUploadSourcePicture = () =>
  useMutation({
    mutationFn: async (file: File) => (await uploadRoleImages([file], 'source'))[0]!,
  });
