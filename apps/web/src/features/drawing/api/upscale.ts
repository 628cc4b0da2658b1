import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawTask, DrawUpscaleScale } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { upload } from '../../../shared/lib/api/transfer';
import { drawKeys } from './draw-keys';

/** 高清放大 one picture of my work; the answer (the work with its new version) goes straight into its detail. */
export const useUpscaleDrawing = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { imageIndex: number; scale: DrawUpscaleScale }) =>
      call(endpoints.aiDrawUpscale, { body: { id, ...input } }),
    onSuccess: (task) => queryClient.setQueryData(drawKeys.task(id), task),
  });
};

/** A picture of mine to upscale: answers the private work it becomes (engine `upload`). */
export const uploadForUpscale = (file: Blob) =>
  upload<DrawTask>(endpoints.aiDrawUploadImage.path, [file], { fieldName: 'file' });

/** Uploads a picture of mine to upscale; my works follow (it is one of them now). */
export const useUploadForUpscale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadForUpscale,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
};
