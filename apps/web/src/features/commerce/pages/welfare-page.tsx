import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasValidSession } from '../../../shared/lib/app-store';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { redeemCode } from '../api/redeem';
import { getWelfareQueryOptions } from '../api/commerce';
import { TaskReward } from '../components/task-reward';
import '../commerce.css';

/** Spec §2 big benefits: VIP benefits, coupons to claim by their codes, ambassador tasks and the rules. */
export function WelfarePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const welfare = useQuery(getWelfareQueryOptions());
  if (welfare.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (welfare.isError)
    return <LoadFailed title={t('commerce.loadFailed')} onRetry={() => void welfare.refetch()} />;
  const w = welfare.data;
  return (
    <div className="vip-page" data-testid="welfare-page">
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.benefits')}</h2>
        <ul className="vip-benefits">
          {w.benefits.map((b) => (
            <li key={b.title}>
              <strong>{b.title}</strong>
              <small>{b.description}</small>
            </li>
          ))}
        </ul>
        <Link className="vip-link" to="/pages/index/vip/index">
          {t('title.vip')}
        </Link>
      </section>
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.welfareCoupons')}</h2>
        {w.coupons.map((c) => (
          <div className="vip-coupon" key={c.code}>
            <span className="vip-coupon__body" style={{ flex: 1 }}>
              <strong>{c.title}</strong>
              <small>{c.description}</small>
            </span>
            {/* Claimed or not is the server's answer (after a claim the list is fetched again). */}
            <button
              type="button"
              className={c.claimed ? 'app-button vip-claimed' : 'app-button'}
              data-testid={`claim-${c.code}`}
              disabled={c.claimed}
              onClick={() => (hasValidSession() ? void redeemCode(c.code, queryClient) : undefined)}
            >
              {c.claimed ? t('commerce.couponClaimed') : t('commerce.claimCoupon')}
            </button>
          </div>
        ))}
      </section>
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.welfareTasks')}</h2>
        <ul className="vip-records">
          {w.tasks.map((task) => (
            <li key={task.id} className="vip-records__item">
              <span>
                <strong>{task.title}</strong>
                <small>{task.description}</small>
              </span>
              <TaskReward task={task} />
            </li>
          ))}
        </ul>
        <Link className="vip-link" to="/pages/detail/popularize" data-testid="to-popularize">
          {t('commerce.joinAmbassador')}
        </Link>
      </section>
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.rules')}</h2>
        <ol className="vip-pre">
          {w.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
