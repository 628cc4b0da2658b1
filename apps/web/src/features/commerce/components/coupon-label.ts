import type { Coupon } from '@app/contract';
import type { TFunction } from 'i18next';
import { formatPrice } from '../lib/money';

/** What a coupon gives, e.g. 立减 ¥10.00, 8 折, 满 ¥50.00 减 ¥10.00 (discount value: per-mille paid). */
export const couponValueLabel = (coupon: Pick<Coupon, 'type' | 'value' | 'threshold'>, t: TFunction): string => {
  switch (coupon.type) {
    case 1:
      return t('commerce.couponType.cash', { price: formatPrice(coupon.value) });
    case 2:
      return t('commerce.couponType.discount', { rate: String(coupon.value / 100) });
    case 4:
      return t('commerce.couponType.package');
    default:
      return t('commerce.couponType.threshold', { threshold: formatPrice(coupon.threshold), price: formatPrice(coupon.value) });
  }
};
