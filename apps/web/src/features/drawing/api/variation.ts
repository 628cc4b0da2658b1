import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

/** Draws my work again: a variation (nearby seed) or a reroll (new seed); answers the new task. */
export const useVariation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: 'variation' | 'reroll') => call(endpoints.aiDrawVariation, { body: { id, mode } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: drawKeys.all }),
  });
};
