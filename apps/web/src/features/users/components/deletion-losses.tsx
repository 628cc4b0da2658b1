import type { CappedCount, DeletionLosses } from '@app/contract';
import { useTranslation } from 'react-i18next';

/** "12" or "999+" for a count read with a cap. */
const countText = (c: CappedCount) => (c.more ? `${c.count}+` : String(c.count));

/** What deleting the account loses, and the orders being paid that hold it back. */
export function DeletionLossList({ losses }: { losses: DeletionLosses }) {
  const { t } = useTranslation();
  const rows: [string, string, string][] = [
    ['vip', t('users.deletion.vipDays'), t('users.deletion.days', { count: losses.vipDaysLeft })],
    ['gold', t('users.deletion.gold'), String(losses.gold)],
    ['points', t('users.deletion.points'), String(losses.points)],
    ['articles', t('users.deletion.articles'), countText(losses.works.articles)],
    ['drafts', t('users.deletion.drafts'), countText(losses.works.drafts)],
  ];
  return (
    <section className="delete-losses" data-testid="deletion-losses">
      <h2>{t('users.deletion.lossesTitle')}</h2>
      <dl>
        {rows.map(([key, label, value]) => (
          <div className="delete-losses__row" key={key} data-testid={`loss-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {losses.openOrders.length > 0 && (
        <div className="delete-losses__orders" data-testid="deletion-orders">
          <h3>{t('users.deletion.ordersTitle')}</h3>
          <ul>
            {losses.openOrders.map((o) => (
              <li key={o.orderNo}>
                {t('users.deletion.orderLine', { name: o.packageName, yuan: (o.amountFen / 100).toFixed(2), orderNo: o.orderNo })}
              </li>
            ))}
          </ul>
          <p className="delete-losses__block">{t('users.deletion.ordersBlock')}</p>
        </div>
      )}
      <p className="delete-losses__cooling">{t('users.deletion.coolingOff', { days: losses.coolingOffDays })}</p>
    </section>
  );
}
