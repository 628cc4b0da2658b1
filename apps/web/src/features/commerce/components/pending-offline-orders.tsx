import type { Order } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getPendingOfflineOrdersQueryOptions } from '../api/offline-pay';
import { formatPrice } from '../lib/money';

/** Offline orders still waiting for the transfer: each reopens its payee and screenshot. */
export function PendingOfflineOrders({ loggedIn, onOpen }: { loggedIn: boolean; onOpen(order: Order): void }) {
  const { t } = useTranslation();
  const pending = useQuery(getPendingOfflineOrdersQueryOptions(loggedIn));
  if (!pending.data?.length) return null;
  return (
    <section className="vip-card" data-testid="pending-offline-orders">
      <h2 className="vip-card__title">{t('commerce.offline.pendingTitle')}</h2>
      {pending.data.map((order) => (
        <div key={order.id} className="vip-offline__row">
          <span className="vip-offline__value">
            {order.packageName} · {formatPrice(order.amountFen)}
          </span>
          <button type="button" className="vip-link vip-offline__copy" data-testid="pending-offline-open" onClick={() => onOpen(order)}>
            {t('commerce.offline.pendingOpen')}
          </button>
        </div>
      ))}
    </section>
  );
}
