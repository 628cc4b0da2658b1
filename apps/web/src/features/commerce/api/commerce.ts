import { ObtainMethod, type BodyOf, type PriceQuote } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { uploadAttachments } from '../../../shared/lib/api/attachments';
import type { Progress } from '../../../shared/lib/api/transfer';
import { sortPackages } from '../lib/money';

/** Membership and commerce on the web side: one module of query options and calls for vip, coupons, welfare. */
export const commerceKeys = {
  all: ['commerce'] as const,
  packages: ['commerce', 'packages'] as const,
  coupons: (state: string) => ['commerce', 'coupons', state] as const,
};

export const getPackagesQueryOptions = () =>
  queryOptions({
    queryKey: commerceKeys.packages,
    queryFn: async () => sortPackages(await call(endpoints.goldPackageList, { query: { os: 'android', obtainMethod: 1 } }, { silent: true })),
  });

/** Packages claimed free (obtainMethod 2) and how many claims are left today (Asia/Shanghai). */
export const getFreePackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'free-packages'],
    queryFn: async () => sortPackages(await call(endpoints.goldPackageList, { query: { obtainMethod: ObtainMethod.Free } }, { silent: true })),
  });

export const getTodayFreeQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['commerce', 'today-free'],
    queryFn: () => call(endpoints.todayFreeNumber, {}, { silent: true }),
    enabled,
  });

export const getPackageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['commerce', 'package', id],
    queryFn: () => call(endpoints.goldPackageDetail, { query: { id } }, { silent: true }),
    enabled: id > 0,
  });

export const getApplyCouponQueryOptions = (packageId: number | undefined) =>
  queryOptions({
    queryKey: ['commerce', 'apply-coupon', packageId],
    queryFn: () => call(endpoints.applyCoupon, { body: { packageId: packageId! } }, { silent: true }),
    enabled: packageId !== undefined,
  });

export const quotePrice = (packageId: number, couponId?: number): Promise<PriceQuote> =>
  call(endpoints.calculateDiscountedPrice, { body: { packageId, couponId } }, { silent: true });

export const getOrderQueryOptions = (id: number, poll: boolean) =>
  queryOptions({
    queryKey: ['commerce', 'order', id],
    queryFn: () => call(endpoints.orderDetail, { query: { id } }, { silent: true }),
    refetchInterval: (query) => (poll && query.state.data?.state === 'pending' ? 3000 : false),
  });

export const getCalendarQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['commerce', 'calendar', month],
    queryFn: () => call(endpoints.goldPackageBillCalendar, { query: { month, currency: 'gold' } }, { silent: true }),
  });

export const getBillsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['commerce', 'bills', month],
    queryFn: () => call(endpoints.goldPackageBillPage, { body: { page: 1, pageSize: 100, currency: 'gold', month } }, { silent: true }),
  });

export const getBillQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['commerce', 'bill', id],
    queryFn: () => call(endpoints.goldPackageBillDetail, { query: { id } }, { silent: true }),
    enabled: id > 0,
  });

export const getCouponsQueryOptions = (state: 'usable' | 'used' | 'expired') =>
  queryOptions({
    queryKey: commerceKeys.coupons(state),
    queryFn: () => call(endpoints.couponPage, { body: { page: 1, pageSize: 100, state } }, { silent: true }),
  });

export const getReferralQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'referral'],
    queryFn: async () => {
      const code = await call(endpoints.generateCouponCode, {}, { silent: true });
      const list = await call(endpoints.userCouponCodeList, { body: { page: 1, pageSize: 100 } }, { silent: true });
      return { code, list };
    },
  });

export const getWelfareQueryOptions = () =>
  queryOptions({ queryKey: ['commerce', 'welfare'], queryFn: () => call(endpoints.welfareInfo, {}, { silent: true }) });

export const ambassadorKey = ['commerce', 'ambassador'] as const;
export const getAmbassadorQueryOptions = () =>
  queryOptions({ queryKey: ambassadorKey, queryFn: () => call(endpoints.ambassadorInfo, {}, { silent: true }) });

export const getAmbassadorResultQueryOptions = (taskId?: number) =>
  queryOptions({
    queryKey: ['commerce', 'ambassador-result', taskId ?? 0],
    queryFn: () => call(endpoints.ambassadorResult, { query: taskId ? { taskId } : {} }, { silent: true }),
  });

/** Buys a package (membership or gold); the answer is the order, paid at once when paid with gold. */
export const buyPackage = (body: BodyOf<typeof endpoints.buyGoldPackage>) => call(endpoints.buyGoldPackage, { body });

export const cancelOrder = (id: number) => call(endpoints.orderCancel, { body: { id } });

export const applyAmbassador = (body: BodyOf<typeof endpoints.ambassadorApply>) => call(endpoints.ambassadorApply, { body });

export const claimAmbassadorReward = (submissionId: number) => call(endpoints.ambassadorClaimReward, { body: { submissionId } });

export const uploadScreenshots = (files: readonly Blob[], onProgress: (progress: Progress) => void) =>
  uploadAttachments(files, { onProgress });

export const submitScreenshots = (body: BodyOf<typeof endpoints.ambassadorScreenshot>) => call(endpoints.ambassadorScreenshot, { body });
