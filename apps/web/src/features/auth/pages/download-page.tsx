import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VARIANT, variant } from '../../../shared/config/app';
import { showToast } from '../../../shared/ui/feedback';
import './user-index-page.css';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Spec §2 download app: install the web app where the browser allows it, and the app-store links of this build. */
export function DownloadPage() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const handleInstall = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    setPrompt(null);
    if (choice.outcome === 'accepted') {
      setInstalled(true);
      showToast(t('auth.download.installed'), 'success');
    }
  };

  const name = t(`variant.${APP_VARIANT}.name`);
  return (
    <div className="user-index" data-testid="download-page">
      <img className="user-index__logo" src="./logo.svg" alt="" width={80} height={80} />
      <h1 className="user-index__name">{name}</h1>
      <p className="user-index__slogan">{t(`variant.${APP_VARIANT}.slogan`)}</p>
      <div className="user-index__actions">
        {installed ? (
          <p className="user-index__guest" data-testid="download-installed">{t('auth.download.installed')}</p>
        ) : prompt ? (
          <button type="button" className="form-submit" data-testid="install-app" onClick={() => void handleInstall()}>
            {t('auth.download.install')}
          </button>
        ) : (
          <p className="user-index__guest" data-testid="install-hint">{t('auth.download.installHint')}</p>
        )}
        <a className="form-submit form-submit--ghost user-index__button" href={`https://play.google.com/store/apps/details?id=${variant.packageId}`} target="_blank" rel="noreferrer">
          {t('auth.download.android')}
        </a>
        <a className="form-submit form-submit--ghost user-index__button" href={`https://apps.apple.com/cn/search?term=${encodeURIComponent(name)}`} target="_blank" rel="noreferrer">
          {t('auth.download.ios')}
        </a>
      </div>
    </div>
  );
}
