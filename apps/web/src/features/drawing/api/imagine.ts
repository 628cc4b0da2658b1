import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawImagineBody, DrawTask } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

export const imagine = (body: DrawImagineBody) => call(endpoints.aiDrawImagine, { body });

/** Starts a drawing; my works follow. */
export const useImagine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: imagine,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
};

/**
 * One illustration (4:3) per paragraph of an article, started one after the other; answers the tasks started.
 * My works follow.
 */
export const useIllustrateParagraphs = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paragraphs: string[]) => {
      const tasks: DrawTask[] = [];
      for (const paragraph of paragraphs) tasks.push(await imagine({ prompt: paragraph, ratio: '4:3', count: 1 }));
      return tasks;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
};
