import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Approves an ambassador application. */
export const useApproveAmbassadorApplication = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleAmbassadorApplicationApprove, { body: { id } }));

/** Rejects an ambassador application with the reason the user reads. */
export const useRejectAmbassadorApplication = () =>
  useConsoleMutation((body: { id: number; reason: string }) =>
    call(endpoints.consoleAmbassadorApplicationReject, { body }),
  );

/** Approves an ambassador's task submission (its reward is granted). */
export const useApproveAmbassadorSubmission = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleAmbassadorSubmissionApprove, { body: { id } }));

/** Rejects an ambassador's task submission with the reason the user reads. */
export const useRejectAmbassadorSubmission = () =>
  useConsoleMutation((body: { id: number; reason: string }) =>
    call(endpoints.consoleAmbassadorSubmissionReject, { body }),
  );
