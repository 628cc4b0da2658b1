import type { BodyOf } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** A report of a user, a piece of content or an AI drawing (spec §7 `/api/sysReport/add`). */
export const addReport = (body: BodyOf<typeof endpoints.reportAdd>) => call(endpoints.reportAdd, { body });

/** Sends a report; the user sees none of it listed, so no query changes. */
export const useSubmitReport = () => useMutation({ mutationFn: addReport });
