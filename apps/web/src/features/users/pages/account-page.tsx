import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../../shared/ui/icons';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { confirmLogout, showToast } from '../../../shared/ui/feedback';
import { getBaseInfoQueryOptions, logout } from '../../../shared/lib/session';
import '../../../shared/ui/settings-list.css';
import { AvatarEditor } from '../components/avatar-editor';
import { ProfileTextForm } from '../components/profile-text-form';

/** Spec §2 settings / account management: avatar, nickname and introduction, phone, password (change or set), block list, deletion, logout. */
export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(getBaseInfoQueryOptions());

  const handleLogout = async () => {
    if (!(await confirmLogout())) return;
    await logout(queryClient);
    showToast(t('settings.loggedOut'), 'success');
    await navigate('/pages/user/index', { replace: true });
  };

  if (info.isPending) return <p className="settings-page" data-testid="account-loading">{t('common.loading')}</p>;
  if (info.isError)
    return (
      <LoadFailed title={t('users.loadFailed')} onRetry={() => void info.refetch()} />
    );

  const entries = [
    { to: '/set/phone', label: t('title.phone'), value: info.data.phone ?? t('users.noPhone'), testId: 'account-phone' },
    info.data.hasPassword
      ? { to: '/set/account/fixpwd', label: t('title.fixpwd'), testId: 'account-fixpwd' }
      : { to: '/set/account/passwd', label: t('title.setpwd'), value: t('users.noPassword'), testId: 'account-setpwd' },
    { to: '/set/account/block', label: t('title.block'), testId: 'account-block' },
    { to: '/set/account/logout', label: t('title.logout'), testId: 'account-delete' },
  ];

  return (
    <div className="settings-page" data-testid="account-page">
      <section className="settings-group">
        <ul className="settings-list">
          <li>
            <AvatarEditor avatar={info.data.avatar} />
          </li>
          <li>
            <div className="settings-list__item">
              <span>{t('users.userId')}</span>
              <span className="settings-list__value">{info.data.account ?? info.data.id}</span>
            </div>
          </li>
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link className="settings-list__item" to={entry.to} data-testid={entry.testId}>
                <span>{entry.label}</span>
                <span>
                  {entry.value ? <span className="settings-list__value">{entry.value}</span> : null}
                  <Icon name="right" size={16} className="settings-list__arrow" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <ProfileTextForm key={info.data.id} info={info.data} />
      <button type="button" className="settings-logout" data-testid="logout" onClick={() => void handleLogout()}>
        {t('settings.logoutSession')}
      </button>
    </div>
  );
}
