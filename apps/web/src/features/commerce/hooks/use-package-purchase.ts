import { goldCanPay, goldForFen, PayMethod, type GoldPackage, type Order } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/lib/api/api-error';
import { getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { showToast } from '../../../shared/ui/feedback';
import { buyPackage, commerceKeys, getApplyCouponQueryOptions, getPackagesQueryOptions, quotePrice } from '../api/commerce';
import type { CouponOption } from '../components/coupon-picker';
import { formatPrice } from '../lib/money';
import { payMethodKey } from '../lib/pay-methods';

const LEAVES_THE_PAGE = new Set<number>([PayMethod.WxH5, PayMethod.AlipayH5]);

const GOLD_TYPES = ['gold', 'promotion'];

/** The usable coupon that saves the most (ApplyCoupon lists best first; the order is not relied on). */
const bestCoupon = (options: readonly CouponOption[]): number | undefined => {
  let best: CouponOption | undefined;
  for (const o of options) if (o.usable && o.quote && (!best || o.quote.discountFen > best.quote!.discountFen)) best = o;
  return best?.coupon.id;
};

/**
 * Buying a package on the member centre: the packages of the tab (or all, for a `packageId` of the other tab),
 * the chosen one, its coupon (the best usable one until the user picks), the price quoted with it, the pay
 * method, the balance check for gold, and paying after a confirm; the order then replaces the form.
 */
export function usePackagePurchase(goldTab: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const wanted = Number(search.get('packageId')) || undefined;
  const packages = useQuery(getPackagesQueryOptions());
  const info = useQuery(getBaseInfoQueryOptions());
  const [packageId, setPackageId] = useState<number | undefined>(wanted);
  // The coupon the user picked for a package; until they pick, the best usable one is preselected.
  const [picked, setPicked] = useState<{ packageId: number; couponId: number | undefined } | null>(null);
  // The method the user picked (until then a default that fits the package).
  const [pickedMethod, setPayMethod] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<Order | null>(null);

  const shown = useMemo(() => {
    const all = packages.data ?? [];
    const inTab = all.filter((p) => GOLD_TYPES.includes(p.packageType) === goldTab && p.packageType !== 'free');
    return inTab.length || !wanted ? inTab : all;
  }, [packages.data, goldTab, wanted]);
  const selected: GoldPackage | undefined = shown.find((p) => p.id === packageId) ?? shown[0];
  const coupons = useQuery(getApplyCouponQueryOptions(selected?.id));
  const couponId = picked && picked.packageId === selected?.id ? picked.couponId : bestCoupon(coupons.data?.items ?? []);
  const setCouponId = (id: number | undefined) => selected && setPicked({ packageId: selected.id, couponId: id });
  // Not while the order is shown: the coupon it used is spent, and pricing with it again would be refused.
  const quote = useQuery({
    queryKey: ['commerce', 'quote', selected?.id, couponId],
    queryFn: () => quotePrice(selected!.id, couponId),
    enabled: selected !== undefined && couponId !== undefined && !order,
  });
  // A gold pack cannot be paid with gold; a VIP package paid with gold grants its VIP days, not its gold. So a
  // package that includes gold is offered at its money price first (gold stays a choice for the VIP days alone).
  const goldRefused = selected !== undefined && !goldCanPay(selected);
  const includesGold = (selected?.gold ?? 0) > 0;
  const payMethod = goldRefused && pickedMethod === 0 ? 1 : (pickedMethod ?? (includesGold ? 1 : 0));
  const goldLeftOut = payMethod === 0 && selected ? selected.gold : 0;

  const price = selected
    ? couponId !== undefined && quote.data
      ? quote.data
      : { originalFen: selected.priceFen, discountFen: 0, payFen: selected.priceFen, goldCost: goldForFen(selected.priceFen) }
    : undefined;
  // Paying with gold the balance cannot cover: say so before confirming, beside the other pay methods.
  const balance = info.data?.gold;
  const goldShort = payMethod === 0 && price !== undefined && balance !== undefined && balance < price.goldCost;

  const pay = async () => {
    if (!selected || !price) return;
    const ok = await Dialog.confirm({
      title: t('commerce.confirmTitle'),
      content: [
        t('commerce.confirmContent', {
          name: selected.name,
          price: payMethod === 0 ? t('commerce.goldAmount', { gold: price.goldCost }) : formatPrice(price.payFen),
          method: t(`commerce.${payMethodKey(payMethod)}`),
        }),
        goldLeftOut > 0 ? t('commerce.payGoldVipOnly', { gold: goldLeftOut }) : '',
      ].filter(Boolean).join('\n'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result = await buyPackage({
        packageId: selected.id,
        payMethod,
        couponId,
        // Only a provider's page that the browser leaves for sends the buyer back (the server accepts our public host).
        ...(LEAVES_THE_PAGE.has(payMethod)
          ? { returnUrl: `${window.location.origin}${window.location.pathname}#/pages/index/vip/index` }
          : {}),
      });
      // The coupon is spent: back from the result, the package starts without one (the list then offers the rest).
      setPicked({ packageId: selected.id, couponId: undefined });
      setOrder(result);
      void queryClient.invalidateQueries({ queryKey: commerceKeys.all, predicate: (q) => q.queryKey[1] !== 'quote' });
      if (result.state === 'paid') void queryClient.fetchQuery({ ...getBaseInfoQueryOptions(), staleTime: 0 });
    } catch (error) {
      // The client has toasted the server's message (e.g. pay method unavailable, too little gold).
      if (!isApiError(error)) showToast(t('commerce.loadFailed'), 'fail');
    } finally {
      setBusy(false);
    }
  };

  return {
    packages, shown, selected, setPackageId, coupons: coupons.data?.items ?? [], couponId, setCouponId,
    price, quoted: couponId === undefined || !!quote.data, goldRefused, goldLeftOut, payMethod, setPayMethod, balance, goldShort,
    busy, pay, order, openOrder: setOrder, closeOrder: () => setOrder(null),
  };
}
