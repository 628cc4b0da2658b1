import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InsufficientGoldExtras } from '@app/contract';
import { GoldPacksBuys } from './gold-buys';
import { Icon, type IconName } from './icons';
import './insufficient-gold.css';

/** The ways to more gold, in the order a new user can take them: free first, paid last. */
const WAYS: { key: string; to: string; icon: IconName }[] = [
  { key: 'checkIn', to: '/activity/sign/index', icon: 'sign' },
  { key: 'welfare', to: '/pages/detail/welfare', icon: 'welfare' },
  { key: 'vip', to: '/pages/index/vip/index', icon: 'vip' },
  { key: 'topUp', to: '/pages/index/vip/index?tab=gold', icon: 'exchange' },
];

/**
 * Every "not enough gold" state: how much is missing (when known) and the ways forward as links (check-in,
 * welfare tasks, VIP, top-up), then what each package buys in videos and drawings. Inline on a page (the VIP page before confirming) or in the app shell's sheet.
 */
export function InsufficientGold({
  shortfall,
  otherMethods,
  onNavigate,
}: {
  shortfall: InsufficientGoldExtras;
  /** The page offers other ways to pay (VIP page): say so. */
  otherMethods?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="gold-short" role="alert" data-testid="insufficient-gold">
      <h3 className="gold-short__title">{t('gold.short.title')}</h3>
      {shortfall.missing > 0 ? (
        <p className="gold-short__missing" data-testid="gold-missing">
          {t('gold.short.missing', { missing: shortfall.missing })}
          <small>{t('gold.short.need', { need: shortfall.need, balance: shortfall.balance })}</small>
        </p>
      ) : null}
      {otherMethods ? <p className="gold-short__other">{t('gold.short.otherMethods')}</p> : null}
      <ul className="gold-short__ways">
        {WAYS.map((way) => (
          <li key={way.key}>
            <Link to={way.to} onClick={onNavigate} data-testid={`gold-way-${way.key}`}>
              <Icon name={way.icon} size={20} />
              <span>{t(`gold.short.${way.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <GoldPacksBuys />
    </section>
  );
}
