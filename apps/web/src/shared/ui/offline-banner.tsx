import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';
import './offline-banner.css';

/**
 * Shown while the connection is gone, over the page the user is on (which stays, with what was typed): it
 * blocks nothing and disappears when the connection returns.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('error.offlineBanner')}
    </div>
  );
}
