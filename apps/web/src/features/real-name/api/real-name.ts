import type { BodyOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

/** Real-name status values (contract enums RealNameStatus). */
export const RealName = { None: 0, Pending: 1, Approved: 2, Rejected: 4 } as const;

export const realNameDetailQueryKey = ['real-name', 'detail'] as const;
export const getRealNameDetailQueryOptions = () =>
  queryOptions({ queryKey: realNameDetailQueryKey, queryFn: () => call(endpoints.realNameDetail, {}, { silent: true }) });

/** Submits the name and ID card, or submits them again after a rejection. */
export const submitRealName = (body: BodyOf<typeof endpoints.realNameAdd>, resubmit: boolean) =>
  call(resubmit ? endpoints.realNameUpdate : endpoints.realNameAdd, { body }, { silent: true });
