import { LOCALES } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../shared/lib/app-store';
import { LANGUAGE_NAMES } from '../../../shared/i18n/languages';
import { confirmLogout, showToast } from '../../../shared/ui/feedback';
import { Icon } from '../../../shared/ui/icons';
import { ListLink } from '../../../shared/ui/list-link';
import { logout } from '../../../shared/lib/session';
import { clearCache } from '../api/clear-cache';
import '../../../shared/ui/settings-list.css';
import './settings.css';

const SETTINGS_ENTRIES = [
  { to: '/set/account/index', titleKey: 'title.account' },
  { to: '/set/phone', titleKey: 'title.phone' },
  { to: '/set/wallpaper', titleKey: 'title.wallpaper' },
  { to: '/set/files', titleKey: 'title.files' },
  { to: '/set/account/block', titleKey: 'title.block' },
  { to: '/set/help/index', titleKey: 'title.help' },
  { to: '/set/logs', titleKey: 'title.logs' },
  { to: '/set/about', titleKey: 'title.about' },
];

/** Spec §2 settings: the language switch (remembered) and the entries of every settings area. */
export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const session = useAppStore((s) => s.session);
  const queryClient = useQueryClient();

  return (
    <div className="settings-page" data-testid="settings-page">
      <section className="settings-group">
        <h2 className="settings-group__title">{t('settings.chooseLanguage')}</h2>
        <ul className="settings-list" role="radiogroup" aria-label={t('settings.language')}>
          {LOCALES.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                role="radio"
                aria-checked={locale === language}
                lang={locale}
                className="settings-list__item"
                data-testid={`language-${locale}`}
                onClick={() => setLanguage(locale)}
              >
                <span>{LANGUAGE_NAMES[locale]}</span>
                {locale === language ? <Icon name="check" size={18} className="settings-list__check" /> : null}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="settings-group">
        <ul className="settings-list">
          {SETTINGS_ENTRIES.map((entry) => (
            <ListLink key={entry.to} to={entry.to} label={t(entry.titleKey)} />
          ))}
        </ul>
      </section>

      <section className="settings-group settings-cache">
        <ul className="settings-list">
          <li>
            <button
              type="button"
              className="settings-list__item"
              data-testid="clear-cache"
              onClick={() =>
                void import('antd-mobile/es/components/dialog').then(async ({ default: Dialog }) => {
                  const sure = await Dialog.confirm({
                    title: t('common.systemNotice'),
                    content: t('settingsPages.clearCacheConfirm'),
                    confirmText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                  });
                  if (!sure) return;
                  await clearCache(queryClient);
                  showToast(t('settingsPages.cacheCleared'), 'success');
                })
              }
            >
              <span>{t('settingsPages.clearCache')}</span>
              <Icon name="right" size={16} className="settings-list__arrow" />
            </button>
          </li>
        </ul>
      </section>

      {session ? (
        <button
          type="button"
          className="settings-logout"
          data-testid="logout-session"
          onClick={() =>
            void confirmLogout().then(async (sure) => {
              if (!sure) return;
              await logout(queryClient);
              showToast(t('settings.loggedOut'), 'success');
              await navigate('/pages/user/index', { replace: true });
            })
          }
        >
          {t('settings.logoutSession')}
        </button>
      ) : null}
    </div>
  );
}
