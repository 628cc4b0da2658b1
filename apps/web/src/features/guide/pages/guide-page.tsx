import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APP_VARIANT } from '../../../shared/config/app';
import { useHomePath } from '../../../shared/lib/route-meta';
import './guide-page.css';

/** Spec §2 entry/guide page (`/`, alias `/pages/user/guide`): who we are, then into the app. */
export function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useHomePath();
  const name = t(`variant.${APP_VARIANT}.name`);
  return (
    <div className="guide-page" data-testid="guide-page">
      <img className="guide-page__logo" src="./logo.svg" alt="" width={96} height={96} />
      <h1 className="guide-page__title">{t('guide.welcome', { name })}</h1>
      <p className="guide-page__slogan">{t(`variant.${APP_VARIANT}.slogan`)}</p>
      <p className="guide-page__features">{t('guide.features')}</p>
      <button type="button" className="guide-page__start" data-testid="guide-start" onClick={() => void navigate(home, { replace: true })}>
        {t('guide.start')}
      </button>
    </div>
  );
}
