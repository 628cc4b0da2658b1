import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Ships a mall exchange: courier and tracking number, which the user then sees in the exchange record. */
export const useShipExchange = () =>
  useConsoleMutation((body: { id: number; courier: string; trackingNo: string }) =>
    call(endpoints.consoleShip, { body }),
  );
