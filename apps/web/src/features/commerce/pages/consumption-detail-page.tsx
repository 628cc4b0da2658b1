import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/lib/time';
import { getBillQueryOptions } from '../api/commerce';
import { formatPrice } from '../lib/money';
import { billTargetPath, kindIcon, reasonKey } from '../lib/reason';
import { BillAmount } from '../components/bill-line';
import { Icon } from '../../../shared/ui/icons';
import { MissingId } from '../../../shared/ui/missing-id';
import { DetailError } from '../../../shared/ui/detail-error';
import '../commerce.css';

/** Spec §2 consumption record detail: one ledger row and its order. */
export function ConsumptionDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const bill = useQuery(getBillQueryOptions(id));
  if (id <= 0) return <MissingId what={t('commerce.what.bill')} back="/pages/index/vip/expenseCalendar" />;
  if (bill.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (!bill.data) return <DetailError error={bill.error} onRetry={() => void bill.refetch()} back="/pages/index/vip/expenseCalendar" />;
  const b = bill.data;
  const rows: [string, ReactNode][] = [
    [t('commerce.recordAmount'), <BillAmount bill={b} />],
    ...(b.state ? ([[t('commerce.recordState'), t(`commerce.billState.${b.state}`)]] as [string, string][]) : []),
    [t('commerce.recordBalance'), String(b.balanceAfter)],
    [t('commerce.recordTime'), formatDate(b.createTime)],
  ];
  if (b.order) {
    rows.push([t('commerce.recordOrderNo'), b.order.orderNo], [t('commerce.recordPackage'), `${b.order.packageName} · ${formatPrice(b.order.amountFen)}`]);
  }
  return (
    <div className="vip-page" data-testid="consumption-detail-page">
      <section className="vip-card">
        <h2 className="vip-card__title vip-bill__title" data-testid="bill-kind">
          <i className={`vip-bill__icon is-${b.kind}`}>
            <Icon name={kindIcon(b.kind)} size={20} />
          </i>
          {t(reasonKey(b.kind))}
        </h2>
        <dl className="vip-price">
          {rows.map(([label, value]) => (
            <div className="vip-price__row" key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {b.target ? (
          <Link className="app-button vip-bill__link" to={billTargetPath(b.target, b.order?.packageId)} data-testid="bill-target">
            {t(`commerce.billTarget.${b.target.type}`)}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
