import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/time';

/** A pending deletion (the screen after a login in the cooling-off period): cancel it, or keep it and log out. */
export function DeletionPending({
  dueAt,
  busy,
  onCancel,
  onKeep,
}: {
  dueAt: string;
  busy: boolean;
  onCancel(): void;
  onKeep(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-page delete-status" data-testid="deletion-pending">
      <h2>{t('users.deletion.pendingTitle')}</h2>
      <p>{t('users.deletion.pendingText', { date: formatDate(dueAt) })}</p>
      <button type="button" className="form-submit" disabled={busy} data-testid="deletion-cancel" onClick={onCancel}>
        {t('users.deletion.cancel')}
      </button>
      <button type="button" className="delete-status__keep" disabled={busy} data-testid="deletion-keep" onClick={onKeep}>
        {t('users.deletion.keepDeleting')}
      </button>
    </div>
  );
}
