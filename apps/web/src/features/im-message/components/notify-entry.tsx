import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/lib/app-store';
import { decodeToken, isGuest } from '../../../shared/lib/token';
import { unreadCountQueryOptions } from '../api/messages';
import './notify-entry.css';

/** The home page's message-centre entry with the unread badge (kept live by the realtime hub). */
export function NotifyEntry() {
  const { t } = useTranslation();
  const loggedIn = useAppStore((s) => {
    const payload = decodeToken(s.session?.accessToken);
    return Boolean(payload && !isGuest(payload));
  });
  const unread = useAppStore((s) => s.unreadCount);
  useQuery({ ...unreadCountQueryOptions(), enabled: loggedIn });
  const shown = loggedIn ? unread : 0;
  return (
    <Link
      to="/pages/index/notify/index"
      className="notify-entry"
      aria-label={shown > 0 ? `${t('imMessage.open')} · ${t('imMessage.badge', { count: shown })}` : t('imMessage.open')}
      data-testid="notify-entry"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4a1 1 0 0 0 .9 1.6h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6zm0 18a2.5 2.5 0 0 0 2.4-2h-4.8a2.5 2.5 0 0 0 2.4 2z"
          fill="currentColor"
        />
      </svg>
      {shown > 0 ? (
        <span className="notify-entry__badge" data-testid="notify-badge">
          {shown > 99 ? '99+' : shown}
        </span>
      ) : null}
    </Link>
  );
}
