import type { GoldPackage } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTip } from '../../../shared/lib/tips';
import { EmptyState } from '../../../shared/ui/empty-state';
import { formatPrice } from '../lib/money';

interface PackageListProps {
  packages: GoldPackage[];
  selected: GoldPackage | undefined;
  onSelect: (packageId: number) => void;
  goldTab: boolean;
}

/** The packages to buy (the gold tab with its tip), the chosen one marked, and the way to its detail. */
export function PackageList({ packages, selected, onSelect, goldTab }: PackageListProps) {
  const { t } = useTranslation();
  const goldTip = useTip('goldTip');
  return (
    <section className="vip-card">
      <h2 className="vip-card__title">{t('commerce.packages')}</h2>
      {goldTab && goldTip ? (
        <p className="vip-card__tip" data-testid="vip-gold-tip">
          {goldTip}
        </p>
      ) : null}
      {packages.length ? (
        <ul className="vip-packages" data-testid="vip-packages">
          {packages.map((p) => (
            <li key={p.id}>
              <button type="button" className={p.id === selected?.id ? 'vip-package is-active' : 'vip-package'} data-testid={`package-${p.id}`} onClick={() => onSelect(p.id)}>
                {p.tags[0] ? <span className="vip-package__tag">{p.tags[0]}</span> : null}
                <strong className="vip-package__name">{p.name}</strong>
                <span className="vip-package__price">{formatPrice(p.priceFen)}</span>
                {p.originalPriceFen ? <s className="vip-package__original">{formatPrice(p.originalPriceFen)}</s> : null}
                <small>
                  {p.vipDays > 0
                    ? p.gold > 0
                      ? t('commerce.vipDaysWithGold', { days: p.vipDays, gold: p.gold })
                      : t('commerce.vipDays', { days: p.vipDays })
                    : t('commerce.goldGrant', { gold: p.gold })}
                </small>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('commerce.noPackages')} />
      )}
      {selected ? (
        <Link className="vip-link" to={`/pages/index/vip/detail?id=${selected.id}`} data-testid="package-detail-link">
          {t('commerce.viewDetail')}
        </Link>
      ) : null}
    </section>
  );
}
