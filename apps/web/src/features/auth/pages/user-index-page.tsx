import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APP_VARIANT } from '../../../shared/config/app';
import { getLoginConfigQueryOptions, visitorLogin } from '../api/login';
import { useFinishLogin } from '../lib/finish-login';
import './user-index-page.css';

/** Spec §2 user centre: the login methods the server has on, visitor login, the agreement and guide pages. */
export function UserIndexPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const finish = useFinishLogin();
  const config = useQuery(getLoginConfigQueryOptions());
  const [busy, setBusy] = useState(false);
  // Until the config answers (or when it fails) show SMS and password login, the server's defaults.
  const methods = config.data ?? { sms: true, password: true, visitor: false };

  const handleVisitor = async () => {
    setBusy(true);
    try {
      const tokens = await visitorLogin();
      await finish(tokens, { guest: true });
    } catch {
      // The client has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="user-index" data-testid="user-index-page">
      <img className="user-index__logo" src="./logo.svg" alt="" width={80} height={80} />
      <h1 className="user-index__name">{t(`variant.${APP_VARIANT}.name`)}</h1>
      <p className="user-index__slogan">{t(`variant.${APP_VARIANT}.slogan`)}</p>
      <div className="user-index__actions">
        {methods.sms ? (
          <Link className="form-submit user-index__button" to="/pages/user/login" state={location.state} data-testid="to-sms-login">
            {t('auth.index.smsLogin')}
          </Link>
        ) : null}
        {methods.password ? (
          <Link className="form-submit form-submit--ghost user-index__button" to="/pages/user/passwd" state={location.state} data-testid="to-passwd-login">
            {t('auth.index.passwordLogin')}
          </Link>
        ) : null}
        {methods.visitor ? (
          <button type="button" className="user-index__visitor" disabled={busy} data-testid="visitor-login" onClick={() => void handleVisitor()}>
            {t('auth.index.visitorLogin')}
          </button>
        ) : null}
      </div>
      <p className="user-index__guest">{t('auth.index.guestHint')}</p>
      <nav className="user-index__links">
        <Link to="/pages/user/service">{t('title.service')}</Link>
        <Link to="/pages/user/privacy">{t('title.privacy')}</Link>
        <Link to="/pages/user/data">{t('title.userData')}</Link>
        <Link to="/pages/user/download">{t('title.download')}</Link>
      </nav>
    </div>
  );
}
