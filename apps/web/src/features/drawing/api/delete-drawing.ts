import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

/** Idempotent: a timeout or server failure offers the retry notice (spec §8). */
export const deleteDrawing = (id: number) => call(endpoints.aiDrawDelete, { body: { id } }, { retry: true });

/** Deletes a work of mine (one still being drawn is canceled); every drawing list follows. */
export const useDeleteDrawing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDrawing,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
};
