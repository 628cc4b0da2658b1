import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Sets a new password for the user, with a reason. */
export const useResetUserPassword = (userId: number) =>
  useConsoleMutation((body: { password: string; reason: string }) =>
    call(endpoints.consoleUserResetPassword, { body: { ...body, userId } }),
  );
