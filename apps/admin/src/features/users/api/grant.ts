import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

export type Grant = Omit<BodyOf<typeof endpoints.consoleUserGrant>, 'userId'>;

/** Gives (or, with a negative amount, takes back) gold, points or VIP days, with a reason. */
export const useGrantUser = (userId: number) =>
  useConsoleMutation((body: Grant) => call(endpoints.consoleUserGrant, { body: { ...body, userId } }));
