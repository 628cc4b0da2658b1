import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

export type ReportResolution = BodyOf<typeof endpoints.consoleReportResolve>;

/** Resolves a report: take the content down, dismiss, warn or ban the author, with a reason. */
export const useResolveReport = () =>
  useConsoleMutation((body: ReportResolution) => call(endpoints.consoleReportResolve, { body }));
