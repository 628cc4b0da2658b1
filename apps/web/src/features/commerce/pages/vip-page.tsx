import { goldForFen, type GoldPackage, type Order } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/lib/api/api-error';
import { showToast } from '../../../shared/ui/feedback';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { useDictionary } from '../../../shared/lib/dictionary';
import { buyPackage, commerceKeys, getApplyCouponQueryOptions, getPackagesQueryOptions, quotePrice } from '../api/commerce';
import { CouponPicker, type CouponOption } from '../components/coupon-picker';
import { OrderResult } from '../components/order-result';
import { PriceDisplay } from '../components/price-display';
import { formatPrice } from '../lib/money';
import { InsufficientGold } from '../../../shared/ui/insufficient-gold';
import '../commerce.css';
import { useAppStore } from '../../../shared/lib/app-store';
import { FreePackages } from '../components/free-packages';
import { useTip } from '../../../shared/lib/tips';
import { useTabParam } from '../../../shared/lib/tabs';
import { useFeatureConfig } from '../../../shared/config/feature-config';

/** Pay methods offered on the web (spec §9 codes): gold balance, offline transfer, WeChat H5, Alipay H5. */
export const PAY_METHODS = [
  { code: 0, key: 'payLocal' },
  { code: 1, key: 'payOffline' },
  { code: 103, key: 'payWechat' },
  { code: 203, key: 'payAlipay' },
] as const;

const GOLD_TYPES = ['gold', 'promotion'];

interface VipNavData {
  kind: 'nav' | 'benefit';
  description: string;
  link: string | null;
}

/** The usable coupon that saves the most (ApplyCoupon lists best first; the order is not relied on). */
export const bestCoupon = (options: readonly CouponOption[]): number | undefined => {
  let best: CouponOption | undefined;
  for (const o of options) if (o.usable && o.quote && (!best || o.quote.discountFen > best.quote!.discountFen)) best = o;
  return best?.coupon.id;
};

const VIP_TABS = ['vip', 'gold'] as const;

/** Spec §2 member centre: VIP navs and benefits (app_vip_nav), packages (os android by orderNo), coupon and pay method, confirm, result. */
export function VipPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const goldTab = useTabParam(VIP_TABS) === 'gold';
  const wanted = Number(search.get('packageId')) || undefined;
  // Through the versioned dictionary cache like every dictionary: fetched again only when the server's is newer.
  const nav = useDictionary('app_vip_nav');
  const goldTip = useTip('goldTip');
  // The pay methods the variant's config file offers (all the web has when it names none).
  const offered = useFeatureConfig().payMethods;
  const packages = useQuery(getPackagesQueryOptions());
  const info = useQuery(getBaseInfoQueryOptions());
  const loggedIn = Boolean(useAppStore((s) => s.session));
  const [packageId, setPackageId] = useState<number | undefined>(wanted);
  // The coupon the user picked for a package; until they pick, the best usable one is preselected.
  const [picked, setPicked] = useState<{ packageId: number; couponId: number | undefined } | null>(null);
  const [payMethod, setPayMethod] = useState<number>(0);
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
  const grantsGold = (selected?.gold ?? 0) > 0;

  // A gold package cannot be paid with gold.
  useEffect(() => {
    if (grantsGold && payMethod === 0) setPayMethod(1);
  }, [grantsGold, payMethod]);

  if (order) return <OrderResult initial={order} onBack={() => setOrder(null)} />;
  if (packages.isPending) return <p className="vip-page" data-testid="vip-loading">{t('common.loading')}</p>;
  if (packages.isError)
    return <LoadFailed title={t('commerce.loadFailed')} onRetry={() => void packages.refetch()} />;

  const items = (nav.data?.items ?? []).map((item) => ({ ...item, data: item.data as unknown as VipNavData }));
  const navs = items.filter((i) => i.data.kind === 'nav');
  const benefits = items.filter((i) => i.data.kind === 'benefit');
  const price = selected
    ? couponId !== undefined && quote.data
      ? quote.data
      : { originalFen: selected.priceFen, discountFen: 0, payFen: selected.priceFen, goldCost: goldForFen(selected.priceFen) }
    : undefined;
  // Paying with gold the balance cannot cover: say so before confirming, beside the other pay methods.
  const balance = info.data?.gold;
  const goldShort = payMethod === 0 && price !== undefined && balance !== undefined && balance < price.goldCost;
  const methodLabel = (code: number) => t(`commerce.${PAY_METHODS.find((m) => m.code === code)?.key ?? 'payLocal'}`);

  const pay = async () => {
    if (!selected || !price) return;
    const ok = await Dialog.confirm({
      title: t('commerce.confirmTitle'),
      content: t('commerce.confirmContent', {
        name: selected.name,
        price: payMethod === 0 ? t('commerce.goldAmount', { gold: price.goldCost }) : formatPrice(price.payFen),
        method: methodLabel(payMethod),
      }),
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
        returnUrl: `${window.location.origin}${window.location.pathname}#/pages/index/vip/index`,
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

  return (
    <div className="vip-page" data-testid="vip-page">
      {navs.length ? (
        <nav className="vip-navs" aria-label={t('commerce.navs')}>
          {navs.map((n) => (
            <Link key={n.value} className={(n.value === 'nav-gold') === goldTab ? 'vip-navs__item is-active' : 'vip-navs__item'} to={n.data.link ?? '/pages/index/vip/index'} replace data-testid={`vip-nav-${n.value}`}>
              <strong>{n.label}</strong>
              <small>{n.data.description}</small>
            </Link>
          ))}
        </nav>
      ) : null}

      <FreePackages loggedIn={loggedIn} />

      {benefits.length && !goldTab ? (
        <section className="vip-card">
          <h2 className="vip-card__title">{t('commerce.benefits')}</h2>
          <ul className="vip-benefits" data-testid="vip-benefits">
            {benefits.map((b) => (
              <li key={b.value}>
                <strong>{b.label}</strong>
                <small>{b.data.description}</small>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.packages')}</h2>
        {goldTab && goldTip ? (
          <p className="vip-card__tip" data-testid="vip-gold-tip">
            {goldTip}
          </p>
        ) : null}
        {shown.length ? (
          <ul className="vip-packages" data-testid="vip-packages">
            {shown.map((p) => (
              <li key={p.id}>
                <button type="button" className={p.id === selected?.id ? 'vip-package is-active' : 'vip-package'} data-testid={`package-${p.id}`} onClick={() => setPackageId(p.id)}>
                  {p.tags[0] ? <span className="vip-package__tag">{p.tags[0]}</span> : null}
                  <strong className="vip-package__name">{p.name}</strong>
                  <span className="vip-package__price">{formatPrice(p.priceFen)}</span>
                  {p.originalPriceFen ? <s className="vip-package__original">{formatPrice(p.originalPriceFen)}</s> : null}
                  <small>{p.vipDays > 0 ? t('commerce.vipDays', { days: p.vipDays }) : t('commerce.goldGrant', { gold: p.gold })}</small>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('commerce.noPackages')} />
        )}
        {selected ? (
          <Link className="vip-link" to={`/pages/index/vip/detail?id=${selected.id}`} data-testid="package-detail-link">
            {t('commerce.viewDetail')}
          </Link>
        ) : null}
      </section>

      {selected ? (
        <>
          <section className="vip-card">
            <h2 className="vip-card__title">
              {t('commerce.coupon')}
              <small>{coupons.data?.items.some((i) => i.usable) ? t('commerce.couponCount', { count: coupons.data.items.filter((i) => i.usable).length }) : t('commerce.couponNone')}</small>
            </h2>
            <CouponPicker options={coupons.data?.items ?? []} selected={couponId} onSelect={setCouponId} />
          </section>

          <section className="vip-card">
            <h2 className="vip-card__title">{t('commerce.payMethod')}</h2>
            <ul className="vip-choice" data-testid="pay-methods">
              {PAY_METHODS.filter((m) => !offered || offered.includes(m.code)).map((m) => (
                <li key={m.code}>
                  <button
                    type="button"
                    className={payMethod === m.code ? 'vip-choice__item is-active' : 'vip-choice__item'}
                    data-testid={`pay-method-${m.code}`}
                    disabled={m.code === 0 && grantsGold}
                    onClick={() => setPayMethod(m.code)}
                  >
                    <span>{t(`commerce.${m.key}`)}</span>
                    {m.code === 0 && price ? <small>{t('commerce.payLocalHint', { gold: price.goldCost, balance: info.data?.gold ?? '-' })}</small> : null}
                    {m.code === 1 ? <small>{t('commerce.payOfflineHint')}</small> : null}
                  </button>
                </li>
              ))}
            </ul>
          </section>

          {goldShort ? (
            <InsufficientGold shortfall={{ need: price.goldCost, balance, missing: price.goldCost - balance }} otherMethods />
          ) : null}
          {price ? <PriceDisplay quote={price} /> : null}
          <Link className="vip-link vip-records-link" to="/pages/index/vip/expenseCalendar">
            {t('commerce.records')}
          </Link>
          <div className="vip-footer vip-footer--pinned">
            <button type="button" className="app-button vip-pay" data-testid="pay-button" disabled={busy || goldShort || (couponId !== undefined && !quote.data)} onClick={() => void pay()}>
              {busy
                ? t('commerce.paying')
                : payMethod === 0
                  ? t('commerce.payGold', { gold: price?.goldCost ?? 0 })
                  : t('commerce.payNow', { price: formatPrice(price?.payFen ?? 0) })}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
