import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getPackageQueryOptions } from '../api/commerce';
import { formatPrice } from '../lib/money';
import { MissingId } from '../../../shared/ui/missing-id';
import { DetailError } from '../../../shared/ui/detail-error';
import '../commerce.css';

/** Spec §2 package detail: what the package grants, its price and description, then buy it in the member centre. */
export function VipDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const pkg = useQuery(getPackageQueryOptions(id));
  if (id <= 0) return <MissingId what={t('commerce.what.package')} back="/pages/index/vip/index" />;
  if (pkg.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (!pkg.data) return <DetailError error={pkg.error} onRetry={() => void pkg.refetch()} back="/pages/index/vip/index" />;
  const p = pkg.data;
  return (
    <div className="vip-page" data-testid="vip-detail-page">
      <section className="vip-card vip-detail">
        <h2 className="vip-card__title">{p.name}</h2>
        <p className="vip-package__price">
          {formatPrice(p.priceFen)} {p.originalPriceFen ? <s className="vip-package__original">{t('commerce.originalPrice', { price: formatPrice(p.originalPriceFen) })}</s> : null}
        </p>
        <h3 className="vip-card__title">{t('commerce.grants')}</h3>
        <ul className="vip-benefits">
          {p.vipDays > 0 ? <li>{t('commerce.vipDays', { days: p.vipDays })}</li> : null}
          {p.gold > 0 ? <li>{t('commerce.goldGrant', { gold: p.gold })}</li> : null}
        </ul>
        <h3 className="vip-card__title">{t('commerce.description')}</h3>
        <p className="vip-pre">{p.description}</p>
      </section>
      <div className="vip-footer">
        <Link className="app-button" to={`/pages/index/vip/index?packageId=${p.id}${p.gold > 0 ? '&tab=gold' : ''}`} data-testid="buy-this">
          {t('commerce.buyThis')}
        </Link>
      </div>
    </div>
  );
}
