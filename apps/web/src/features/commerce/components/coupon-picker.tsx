import type { Coupon, PriceQuote } from '@app/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/money';
import { couponValueLabel } from './coupon-label';

const KNOWN_REASONS = ['coupon_threshold_not_met', 'coupon_wrong_package'];
const reasonLabel = (reason: string | null, t: TFunction): string =>
  t(`commerce.couponReason.${reason && KNOWN_REASONS.includes(reason) ? reason : 'other'}`);

export interface CouponOption {
  coupon: Coupon;
  usable: boolean;
  reason: string | null;
  quote: PriceQuote | null;
}

/**
 * The coupon picker of a package (items from ApplyCoupon, best first): "no coupon" plus each coupon with the
 * amount it saves; unusable coupons are shown disabled with the reason.
 */
export function CouponPicker({
  options,
  selected,
  onSelect,
}: {
  options: readonly CouponOption[];
  selected: number | undefined;
  onSelect(couponId: number | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="vip-choice" data-testid="coupon-picker">
      <li>
        <button type="button" className={selected === undefined ? 'vip-choice__item is-active' : 'vip-choice__item'} data-testid="coupon-none" onClick={() => onSelect(undefined)}>
          <span>{t('commerce.noCoupon')}</span>
        </button>
      </li>
      {options.map(({ coupon, usable, reason, quote }) => (
        <li key={coupon.id}>
          <button
            type="button"
            className={selected === coupon.id ? 'vip-choice__item is-active' : 'vip-choice__item'}
            data-testid={`coupon-${coupon.id}`}
            disabled={!usable}
            onClick={() => onSelect(coupon.id)}
          >
            <span>
              {coupon.name} · {couponValueLabel(coupon, t)}
            </span>
            <small>
              {usable && quote
                ? t('commerce.couponSaves', { price: formatPrice(quote.discountFen) })
                : t('commerce.couponUnusable', { reason: reasonLabel(reason, t) })}
            </small>
          </button>
        </li>
      ))}
    </ul>
  );
}
