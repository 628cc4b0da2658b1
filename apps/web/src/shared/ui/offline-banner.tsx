import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';
import './offline-banner.css';

/**
 * Shown while the connection is gone, at the top of the page the user is on (which stays, with what was typed):
 * it blocks nothing and disappears when the connection returns. `top` for a page without a navigation bar.
 */
export function OfflineBanner({ top = false }: { top?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className={top ? 'offline-banner offline-banner--top' : 'offline-banner'} role="status" data-testid="offline-banner">
      {t('error.offlineBanner')}
    </div>
  );
}
