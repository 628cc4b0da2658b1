import type { PriceQuote } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/money';

/** The price block of the member centre: package price, coupon discount and the amount to pay, all from fen. */
export function PriceDisplay({ quote }: { quote: Pick<PriceQuote, 'originalFen' | 'discountFen' | 'payFen'> }) {
  const { t } = useTranslation();
  return (
    <dl className="vip-price" data-testid="price-display">
      <div className="vip-price__row">
        <dt>{t('commerce.original')}</dt>
        <dd data-testid="price-original">{formatPrice(quote.originalFen)}</dd>
      </div>
      {quote.discountFen > 0 ? (
        <div className="vip-price__row vip-price__row--discount">
          <dt>{t('commerce.discount')}</dt>
          <dd data-testid="price-discount">-{formatPrice(quote.discountFen)}</dd>
        </div>
      ) : null}
      <div className="vip-price__row vip-price__row--pay">
        <dt>{t('commerce.toPay')}</dt>
        <dd data-testid="price-pay">{formatPrice(quote.payFen)}</dd>
      </div>
    </dl>
  );
}
