import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/lib/app-store';
import { useTabParam } from '../../../shared/lib/tabs';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { InsufficientGold } from '../../../shared/ui/insufficient-gold';
import { CouponPicker } from '../components/coupon-picker';
import { FreePackages } from '../components/free-packages';
import { OrderResult } from '../components/order-result';
import { PackageList } from '../components/package-list';
import { PendingOfflineOrders } from '../components/pending-offline-orders';
import { PayMethodPicker } from '../components/pay-method-picker';
import { PriceDisplay } from '../components/price-display';
import { VipBenefits, VipNavs } from '../components/vip-navs';
import { usePackagePurchase } from '../hooks/use-package-purchase';
import { formatPrice } from '../lib/money';
import '../commerce.css';

const VIP_TABS = ['vip', 'gold'] as const;

/** Spec §2 member centre: VIP navs and benefits (app_vip_nav), packages (os android by orderNo), coupon and pay method, confirm, result. */
export function VipPage() {
  const { t } = useTranslation();
  const goldTab = useTabParam(VIP_TABS) === 'gold';
  const loggedIn = Boolean(useAppStore((s) => s.session));
  const buy = usePackagePurchase(goldTab);
  const { selected, price } = buy;

  if (buy.order) return <OrderResult initial={buy.order} onBack={buy.closeOrder} />;
  if (buy.packages.isPending) return <p className="vip-page" data-testid="vip-loading">{t('common.loading')}</p>;
  if (buy.packages.isError)
    return <LoadFailed title={t('commerce.loadFailed')} onRetry={() => void buy.packages.refetch()} />;
  const usable = buy.coupons.filter((i) => i.usable).length;

  return (
    <div className="vip-page" data-testid="vip-page">
      <VipNavs goldTab={goldTab} />
      <PendingOfflineOrders loggedIn={loggedIn} onOpen={buy.openOrder} />
      <FreePackages loggedIn={loggedIn} />
      {!goldTab ? <VipBenefits /> : null}
      <PackageList packages={buy.shown} selected={selected} onSelect={buy.setPackageId} goldTab={goldTab} />

      {selected ? (
        <>
          <section className="vip-card">
            <h2 className="vip-card__title">
              {t('commerce.coupon')}
              <small>{usable ? t('commerce.couponCount', { count: usable }) : t('commerce.couponNone')}</small>
            </h2>
            <CouponPicker options={buy.coupons} selected={buy.couponId} onSelect={buy.setCouponId} />
          </section>
          <PayMethodPicker
            value={buy.payMethod}
            onChange={buy.setPayMethod}
            goldRefused={buy.goldRefused}
            goldLeftOut={buy.goldLeftOut}
            goldCost={price?.goldCost}
            balance={buy.balance}
          />
          {buy.goldShort && price && buy.balance !== undefined ? (
            <InsufficientGold shortfall={{ need: price.goldCost, balance: buy.balance, missing: price.goldCost - buy.balance }} otherMethods />
          ) : null}
          {price ? <PriceDisplay quote={price} /> : null}
          <Link className="vip-link vip-records-link" to="/pages/index/vip/expenseCalendar">
            {t('commerce.records')}
          </Link>
          <div className="vip-footer vip-footer--pinned">
            <button type="button" className="app-button vip-pay" data-testid="pay-button" disabled={buy.busy || buy.goldShort || !buy.quoted} onClick={() => void buy.pay()}>
              {buy.busy
                ? t('commerce.paying')
                : buy.payMethod === 0
                  ? t('commerce.payGold', { gold: price?.goldCost ?? 0 })
                  : t('commerce.payNow', { price: formatPrice(price?.payFen ?? 0) })}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
