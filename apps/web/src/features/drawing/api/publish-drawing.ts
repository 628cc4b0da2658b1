import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

export const publishDrawing = (id: number, title: string) =>
  call(endpoints.aiDrawPublish, { body: { id, title } });

/** Publishes a finished work of mine to the hall with a title; my works and the hall follow. */
export const usePublishDrawing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => publishDrawing(id, title),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
};
