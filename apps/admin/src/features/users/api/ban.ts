import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Bans the user for `days` (null: until unbanned), with the reason the user reads. */
export const useBanUser = (userId: number) =>
  useConsoleMutation((body: { reason: string; days: number | null }) =>
    call(endpoints.consoleUserBan, { body: { ...body, userId } }),
  );

/** Lifts the user's ban, with a reason. */
export const useUnbanUser = (userId: number) =>
  useConsoleMutation((reason: string) => call(endpoints.consoleUserUnban, { body: { userId, reason } }));
