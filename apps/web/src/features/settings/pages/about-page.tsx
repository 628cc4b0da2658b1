import { APP_VERSION, APP_VERSION_CODE } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { APP_VARIANT, variant } from '../../../shared/config/app';
import { ListLink } from '../../../shared/ui/list-link';
import '../../../shared/ui/settings-list.css';
import './settings.css';

const ABOUT_LINKS = [
  { to: '/set/logs', titleKey: 'title.logs' },
  { to: '/pages/user/service', titleKey: 'title.service' },
  { to: '/pages/user/privacy', titleKey: 'title.privacy' },
];

/** Spec §1/§2 about: the name of this build variant and version 1.5.2 (78). */
export function AboutPage() {
  const { t } = useTranslation();
  const name = t(`variant.${APP_VARIANT}.name`);
  return (
    <div className="about-page" data-testid="about-page">
      <div className="about-page__head">
        <img className="about-page__logo" src="./logo.svg" alt="" width={72} height={72} />
        <p className="about-page__name" data-testid="about-name">
          {name}
        </p>
        <p className="about-page__version" data-testid="about-version">
          {t('about.version', { version: APP_VERSION, code: APP_VERSION_CODE })}
        </p>
      </div>
      <section className="settings-group">
        <ul className="settings-list">
          <li>
            <div className="settings-list__item">
              <span>{t('about.packageId')}</span>
              <span className="settings-list__value">{variant.packageId}</span>
            </div>
          </li>
          {ABOUT_LINKS.map(({ to, titleKey }) => (
            <ListLink key={to} to={to} label={t(titleKey)} />
          ))}
        </ul>
      </section>
      <p className="about-page__copyright" data-testid="about-credits">
        <a href="https://cc-cedict.org/wiki/" target="_blank" rel="noreferrer">
          {t('about.credits')}
        </a>
      </p>
      <p className="about-page__copyright">
        {t('about.copyright', { year: new Date().getFullYear(), name })}
      </p>
    </div>
  );
}
