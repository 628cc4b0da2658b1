import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { logout } from '../../../shared/lib/session';
import { deleteAccount } from '../api/account-deletion';
import '../../../shared/ui/form.css';
import './account.css';

/** The deletion notice text (locales), blocks separated by blank lines. */
function DeletionNotice() {
  const { t } = useTranslation();
  return (
    <section className="delete-notice" data-testid="deletion-notice">
      <h2>{t('users.deleteNoticeTitle')}</h2>
      {t('users.deleteNotice')
        .split(/\n\s*\n/)
        .map((block, index) => (
          <p key={index}>{block}</p>
        ))}
    </section>
  );
}

/** Spec §2 notice of account deletion. */
export function LogoutKnownPage() {
  return (
    <div className="form-page" data-testid="logout-known-page">
      <DeletionNotice />
    </div>
  );
}

/** Spec §2 delete account: read the notice, tick, confirm in a dialog; then the session ends. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleDelete = async () => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('users.deleteConfirmTitle'),
      content: t('users.deleteConfirm'),
      confirmText: t('users.deleteConfirmButton'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      await deleteAccount();
      await logout(queryClient);
      showToast(t('users.deleted'), 'success');
      await navigate('/pages/user/index', { replace: true });
    } catch {
      // The client has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="form-page" data-testid="delete-account-page">
      <DeletionNotice />
      <div className="form-agreement">
        <label className="form-agreement__label">
          <input type="checkbox" checked={agreed} data-testid="delete-agree" onChange={(e) => setAgreed(e.target.checked)} />
          <span>{t('users.deleteAgree')}</span>
        </label>
        <Link to="/set/account/logout-known">{t('title.logoutKnown')}</Link>
      </div>
      <button type="button" className="form-submit form-submit--danger" disabled={!agreed || busy} data-testid="delete-account" onClick={() => void handleDelete()}>
        {t('users.deleteButton')}
      </button>
    </div>
  );
}
