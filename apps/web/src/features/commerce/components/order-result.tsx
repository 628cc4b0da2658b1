import type { Order } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/lib/time';
import { getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { cancelOrder, getOrderQueryOptions } from '../api/commerce';
import { formatPrice } from '../lib/money';
import { OfflinePayCard } from './offline-pay-card';

/** The big mark above the result: a tick in a green disc when paid, a clock while pending, a cross otherwise. */
function ResultMark({ state }: { state: 'paid' | 'pending' | 'closed' }) {
  const colour = state === 'paid' ? '#22b573' : state === 'pending' ? '#ffb020' : '#b0b0b0';
  return (
    <svg className="vip-result__icon" viewBox="0 0 72 72" aria-hidden="true" data-testid="order-result-mark" data-mark={state}>
      <circle cx="36" cy="36" r="36" fill={colour} />
      {state === 'paid' ? <path d="M21 37.5 31.5 48 52 26" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" /> : null}
      {state === 'pending' ? <path d="M36 20v17l11 7" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" /> : null}
      {state === 'closed' ? <path d="m25 25 22 22M47 25 25 47" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" /> : null}
    </svg>
  );
}

/** After paying: success (VIP until / gold credited) or the pending order with what to do, polled until paid. */
export function OrderResult({ initial, onBack }: { initial: Order; onBack(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...getOrderQueryOptions(initial.id, true), initialData: initial });
  const order = detail.data;
  const paid = order.state === 'paid';

  useEffect(() => {
    if (paid && initial.state !== 'paid') void queryClient.fetchQuery({ ...getBaseInfoQueryOptions(), staleTime: 0 });
  }, [paid, initial.state, queryClient]);

  const cancel = async () => {
    const next = await cancelOrder(order.id).catch(() => null);
    if (next) queryClient.setQueryData(getOrderQueryOptions(order.id, true).queryKey, next);
  };

  const params = order.payParams;
  return (
    <div className="vip-page vip-result" data-testid="order-result" data-state={order.state}>
      <ResultMark state={paid ? 'paid' : order.state === 'pending' ? 'pending' : 'closed'} />
      <h2 className="vip-result__title" data-testid="order-result-title">
        {paid ? t('commerce.successTitle') : order.state === 'pending' ? t('commerce.pendingTitle') : t(`commerce.orderState.${order.state}`)}
      </h2>
      <p className="vip-result__line">
        {order.packageName} · {formatPrice(order.amountFen)}
      </p>
      {paid && order.vipExpireAfter ? <p className="vip-result__line" data-testid="order-vip-until">{t('commerce.successVip', { date: formatDate(order.vipExpireAfter) })}</p> : null}
      {paid && order.gold > 0 ? <p className="vip-result__line">{t('commerce.successGold', { gold: order.gold })}</p> : null}
      {order.state === 'pending' ? (
        <>
          <p className="vip-result__line">{t('commerce.pendingHint', { orderNo: order.orderNo })}</p>
          {params?.kind === 'offline' ? <OfflinePayCard orderId={order.id} /> : null}
          {params && (params.kind === 'h5' || params.kind === 'alipay_wap') ? (
            <a className="app-button" href={params.url} data-testid="open-pay">
              {t('commerce.openPay')}
            </a>
          ) : null}
          {params?.kind === 'native' ? <p className="vip-pre">{params.codeUrl}</p> : null}
          <button type="button" className="vip-link" data-testid="cancel-order" onClick={() => void cancel()}>
            {t('commerce.cancelOrder')}
          </button>
        </>
      ) : null}
      <div className="vip-footer">
        <button type="button" className="app-button" data-testid="order-done" onClick={onBack}>
          {t('commerce.done')}
        </button>
        <Link className="vip-link" to="/pages/me/index" data-testid="order-to-mine">
          {t('commerce.viewMine')}
        </Link>
      </div>
    </div>
  );
}
