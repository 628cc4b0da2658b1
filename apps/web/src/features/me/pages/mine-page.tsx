import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { useAppStore } from '../../../shared/lib/app-store';
import { formatDate } from '../../../shared/lib/time';
import { decodeToken, isGuest } from '../../../shared/lib/token';
import { Icon } from '../../../shared/ui/icons';
import { ListLink } from '../../../shared/ui/list-link';
import './mine-page.css';
import { isPathEnabled, useFeatureConfig } from '../../../shared/config/feature-config';
import { personName } from '../../../shared/lib/person-name';

/** Every area of the me/settings sections, grouped as the mine page lists them (labels = route titles). */
export const MINE_SECTIONS: { title: string; entries: { to: string; titleKey: string }[] }[] = [
  {
    title: 'mine.sectionCreation',
    entries: [
      { to: '/pages/me/profile', titleKey: 'title.meProfile' },
      { to: '/pages/me/draft', titleKey: 'title.draft' },
      { to: '/pages/index/history', titleKey: 'title.history' },
      { to: '/draw/me/profile', titleKey: 'title.drawProfile' },
      { to: '/media/dub/list', titleKey: 'title.dubList' },
      { to: '/media/video/list', titleKey: 'title.videoList' },
    ],
  },
  {
    title: 'mine.sectionAssets',
    entries: [
      { to: '/pages/index/vip/index', titleKey: 'title.vip' },
      { to: '/pages/index/vip/expenseCalendar', titleKey: 'title.expenseCalendar' },
      { to: '/pages/index/coupons/index', titleKey: 'title.coupons' },
      { to: '/pages/index/coupons/code', titleKey: 'title.couponCode' },
      { to: '/pages/index/coupons/mine', titleKey: 'title.myReferral' },
      { to: '/auth/index', titleKey: 'title.realName' },
    ],
  },
  {
    title: 'mine.sectionActivities',
    entries: [
      { to: '/activity/sign/index', titleKey: 'title.sign' },
      { to: '/activity/exchange/index', titleKey: 'title.exchange' },
      { to: '/activity/lucky/index', titleKey: 'title.lucky' },
      { to: '/pages/detail/welfare', titleKey: 'title.welfare' },
      { to: '/pages/detail/popularize', titleKey: 'title.popularize' },
    ],
  },
  {
    title: 'mine.sectionService',
    entries: [
      { to: '/pages/index/notify/index', titleKey: 'title.notify' },
      { to: '/set/help/index', titleKey: 'title.help' },
      { to: '/set/help/service', titleKey: 'title.helpService' },
      { to: '/set/help/feedback', titleKey: 'title.feedback' },
      { to: '/set/files', titleKey: 'title.files' },
      { to: '/set/index', titleKey: 'title.settings' },
      { to: '/set/about', titleKey: 'title.about' },
    ],
  },
];

/** VIP = level above 0 and expiry in the future (spec §3). */
export const isVip = (vipLevel: number | null | undefined, vipExpireDate: string | null | undefined, now = Date.now()): boolean =>
  (vipLevel ?? 0) > 0 && !!vipExpireDate && new Date(vipExpireDate).getTime() > now;

/**
 * Spec §2 mine tab: profile card, VIP badge, the membership card (members see their membership and expiry,
 * others the invitation), entries to every me/settings area; guests are invited to log in.
 */
export function MinePage() {
  const { t } = useTranslation();
  const session = useAppStore((s) => s.session);
  const profile = useAppStore((s) => s.profile);
  const payload = decodeToken(session?.accessToken);
  const loggedIn = Boolean(session) && !isGuest(payload);
  const id = profile?.id ?? payload?.uid;
  // The stored profile paints at once; the base info query brings it up to date (gold, points, phone).
  const info = useQuery({ ...getBaseInfoQueryOptions(), enabled: loggedIn });
  const phone = info.data?.phone ?? profile?.phone;
  // The fresh base info first: right after paying, the stored profile still says "not a member".
  const vip = loggedIn && (info.data?.isVip ?? isVip(profile?.vipLevel, profile?.vipExpireDate));
  const vipExpireDate = info.data ? info.data.vipExpireDate : profile?.vipExpireDate;
  // Entries of features the variant's config switches off are not offered.
  const features = useFeatureConfig();

  return (
    <div className="mine-page" data-testid="mine-page">
      <section className="mine-profile">
        <img className="mine-profile__avatar" src={profile?.avatar || './logo.svg'} alt="" width={64} height={64} />
        <div className="mine-profile__info">
          {loggedIn ? (
            <>
              <p className="mine-profile__name">
                <span data-testid="mine-name">{profile?.nickName ? personName(t, profile.nickName) : t('mine.defaultNickName')}</span>
                <span className={vip ? 'mine-badge mine-badge--vip' : 'mine-badge'} data-testid="vip-badge">
                  <Icon name="vip" size={12} />
                  {vip ? t('mine.vip') : t('mine.notVip')}
                </span>
              </p>
              {id !== undefined ? <p className="mine-profile__meta">{t('mine.userId', { id })}</p> : null}
              {phone ? (
                <p className="mine-profile__meta" data-testid="mine-phone">
                  {phone}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p className="mine-profile__name">{t('mine.guest')}</p>
              <p className="mine-profile__meta">{t('mine.loginInvite')}</p>
            </>
          )}
        </div>
        {loggedIn ? null : (
          <Link className="mine-profile__login" to="/pages/user/login" data-testid="mine-login">
            {t('mine.loginNow')}
          </Link>
        )}
      </section>

      {vip ? (
        <Link className="mine-vip mine-vip--member" to="/pages/index/vip/index" data-testid="mine-vip-member">
          <Icon name="vip" size={22} />
          <span className="mine-vip__text">
            <strong className="mine-vip__title">{t('me.mine.member')}</strong>
            {vipExpireDate ? <span className="mine-vip__expiry">{t('mine.vipUntil', { date: formatDate(vipExpireDate) })}</span> : null}
          </span>
          <span className="mine-vip__button">{t('me.mine.renew')}</span>
        </Link>
      ) : (
        <Link className="mine-vip" to="/pages/index/vip/index" data-testid="mine-vip">
          <Icon name="vip" size={22} />
          <span className="mine-vip__text">{t('mine.vipPitch')}</span>
          <span className="mine-vip__button">{t('mine.openVip')}</span>
        </Link>
      )}

      {loggedIn ? (
        <section className="mine-assets" data-testid="mine-assets">
          <Link className="mine-assets__item" to="/activity/exchange/index">
            <strong data-testid="mine-gold">{info.data ? info.data.gold : '-'}</strong>
            <span>{t('me.mine.gold')}</span>
          </Link>
          <Link className="mine-assets__item" to="/activity/sign/index">
            <strong data-testid="mine-points">{info.data ? info.data.points : '-'}</strong>
            <span>{t('me.mine.points')}</span>
          </Link>
          <Link className="mine-assets__item" to="/set/account/index" data-testid="mine-account">
            <strong>{t('me.mine.manage')}</strong>
            <span>{t('title.account')}</span>
          </Link>
        </section>
      ) : null}

      {MINE_SECTIONS.map((section) => (
        <section className="mine-section" key={section.title}>
          <h2 className="mine-section__title">{t(section.title)}</h2>
          <ul className="mine-list">
            {section.entries.filter((entry) => isPathEnabled(features, entry.to)).map((entry) => (
              <ListLink key={entry.to} list="mine-list" to={entry.to} label={t(entry.titleKey)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
