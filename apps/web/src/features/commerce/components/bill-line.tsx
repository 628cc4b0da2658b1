import type { Bill } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons';
import { kindIcon, reasonKey } from '../lib/reason';

/**
 * What a line changed the balance by: + green for income, − for spending; a released task's line (its gold came
 * back) says so in grey instead of a bare 0.
 */
export function BillAmount({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  if (bill.state === 'released')
    return (
      <b className="is-neutral" data-testid="bill-amount">
        {t('commerce.billReturned', { amount: -bill.amount })}
      </b>
    );
  return (
    <b className={bill.net < 0 ? 'is-expense' : 'is-income'} data-testid="bill-amount">
      {bill.net > 0 ? `+${bill.net}` : bill.net}
    </b>
  );
}

/** One line of the records: the kind's icon and label, the task's state when it is one, the date, the amount. */
export function BillLine({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  return (
    <>
      <i className={`vip-bill__icon is-${bill.kind}`}>
        <Icon name={kindIcon(bill.kind)} size={20} />
      </i>
      <span className="vip-bill__text">
        <strong data-testid="bill-label">{t(reasonKey(bill.kind))}</strong>
        <small>
          {bill.state ? <em className={`vip-bill__state is-${bill.state}`}>{t(`commerce.billState.${bill.state}`)}</em> : null}
          {bill.date}
        </small>
      </span>
      <BillAmount bill={bill} />
    </>
  );
}
