import type { BodyOf, ResultOf } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type CouponCode = ResultOf<typeof endpoints.consoleCouponCodePage>['items'][number];
export type CouponBatchInput = BodyOf<typeof endpoints.consoleCouponBatchAdd>;

/** Every code of a batch, page by page (the server pages at most 100). */
export const getAllCouponCodes = async (batchId: number): Promise<CouponCode[]> => {
  const codes: CouponCode[] = [];
  for (let page = 1; ; page += 1) {
    const result = await call(endpoints.consoleCouponCodePage, {
      body: { page, pageSize: 100, sortField: 'redeemTime', filters: { batchId } },
    });
    codes.push(...result.items);
    if (codes.length >= result.total || result.items.length === 0) return codes;
  }
};

/** Creates a coupon batch with its codes. */
export const useAddCouponBatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponBatchInput) => call(endpoints.consoleCouponBatchAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
