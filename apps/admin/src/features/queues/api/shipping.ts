import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

/** Ships a mall exchange: courier and tracking number, which the user then sees in the exchange record. */
export const useShipExchange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; courier: string; trackingNo: string }) =>
      call(endpoints.consoleShip, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
