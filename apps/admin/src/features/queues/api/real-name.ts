import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Approves a pending real-name submission. */
export const useApproveRealName = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleRealNameApprove, { body: { id } }));

/** Rejects a pending real-name submission with the reason the user reads. */
export const useRejectRealName = () =>
  useConsoleMutation((body: { id: number; reason: string }) =>
    call(endpoints.consoleRealNameReject, { body }),
  );

/** Answers a submission's full ID number (each reveal is audited). */
export const useRevealRealName = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleRealNameReveal, { body: { id } }));
