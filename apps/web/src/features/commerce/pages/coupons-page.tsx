import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { getCouponsQueryOptions } from '../api/commerce';
import { couponValueLabel } from '../components/coupon-label';
import { redeemCode } from '../api/redeem';
import '../commerce.css';

const TABS = ['usable', 'used', 'expired'] as const;
type Tab = (typeof TABS)[number];

/** Spec §2 coupons: tabs usable / used / expired, and a code to redeem. */
export function CouponsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('usable');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const coupons = useQuery(getCouponsQueryOptions(tab));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await redeemCode(code, queryClient)) {
      setCode('');
      setTab('usable');
    }
    setBusy(false);
  };

  return (
    <div className="vip-page" data-testid="coupons-page">
      <form className="vip-form" onSubmit={(e) => void submit(e)}>
        <input className="vip-input" data-testid="redeem-input" value={code} maxLength={32} placeholder={t('commerce.redeemPlaceholder')} onChange={(e) => setCode(e.target.value)} />
        <button type="submit" className="app-button" data-testid="redeem-submit" disabled={busy}>
          {t('commerce.redeem')}
        </button>
      </form>
      <div className="vip-tabs" role="tablist">
        {TABS.map((key) => (
          <button type="button" role="tab" key={key} aria-selected={tab === key} className={tab === key ? 'is-active' : ''} data-testid={`coupon-tab-${key}`} onClick={() => setTab(key)}>
            {t(`commerce.tabs.${key}`)}
          </button>
        ))}
      </div>
      {coupons.isPending ? (
        <p>{t('common.loading')}</p>
      ) : coupons.isError ? (
        <LoadFailed title={t('commerce.loadFailed')} onRetry={() => void coupons.refetch()} />
      ) : coupons.data.items.length ? (
        <ul className="vip-records" data-testid={`coupon-list-${tab}`}>
          {coupons.data.items.map((c) => (
            <li key={c.id} className={tab === 'usable' ? 'vip-coupon' : 'vip-coupon is-off'} data-testid="coupon-item">
              <span className="vip-coupon__value">{couponValueLabel(c, t)}</span>
              <span className="vip-coupon__body">
                <strong>{c.name}</strong>
                <span>{c.description}</span>
                <small>{c.state === 'reserved' ? t('commerce.reserved') : t('commerce.validUntil', { date: formatDate(c.validUntil) })}</small>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('commerce.noCoupons')} testId="coupons-empty" />
      )}
    </div>
  );
}
