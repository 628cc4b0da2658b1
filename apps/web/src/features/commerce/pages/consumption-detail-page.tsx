import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/lib/time';
import { getBillQueryOptions } from '../api/commerce';
import { formatPrice } from '../lib/money';
import { reasonKey } from '../lib/reason';
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
  const rows: [string, string][] = [
    [t('commerce.recordAmount'), b.amount > 0 ? `+${b.amount}` : String(b.amount)],
    [t('commerce.recordBalance'), String(b.balanceAfter)],
    [t('commerce.recordTime'), formatDate(b.createTime)],
  ];
  if (b.order) {
    rows.push([t('commerce.recordOrderNo'), b.order.orderNo], [t('commerce.recordPackage'), `${b.order.packageName} · ${formatPrice(b.order.amountFen)}`]);
  }
  return (
    <div className="vip-page" data-testid="consumption-detail-page">
      <section className="vip-card">
        <h2 className="vip-card__title">{t(reasonKey(b.reason))}</h2>
        <dl className="vip-price">
          {rows.map(([label, value]) => (
            <div className="vip-price__row" key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
