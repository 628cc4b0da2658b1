import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import '../../../shared/ui/settings-list.css';
import { blockListQueryOptions, useUnblockUser } from '../api/blocks';
import './account.css';
import { usePersonName } from '../../../shared/lib/person-name';

/** Spec §2 block management: blocked authors, newest first, each with an unblock button. */
export function BlockPage() {
  const { t } = useTranslation();
  const personName = usePersonName();
  const list = useQuery(blockListQueryOptions());
  const unblock = useUnblockUser();
  const handleUnblock = (userId: number) =>
    unblock.mutate(userId, { onSuccess: () => showToast(t('users.unblocked'), 'success') });

  if (list.isPending) return <p className="settings-page">{t('common.loading')}</p>;
  if (list.isError)
    return (
      <LoadFailed title={t('users.loadFailed')} onRetry={() => void list.refetch()} />
    );
  if (list.data.items.length === 0) return <EmptyState title={t('users.blockEmpty')} description={t('users.blockEmptyHint')} testId="block-empty" />;

  return (
    <div className="settings-page" data-testid="block-page">
      <ul className="settings-group settings-list">
        {list.data.items.map((user) => (
          <li key={user.userId} className="block-item">
            <img className="block-item__avatar" src={user.avatar} alt="" width={40} height={40} />
            <div className="block-item__info">
              <p className="block-item__name">{personName(user.nickName)}</p>
              <p className="block-item__time">{t('users.blockedAt', { date: formatDate(user.createTime) })}</p>
            </div>
            <button type="button" className="block-item__button" disabled={unblock.isPending} onClick={() => handleUnblock(user.userId)}>
              {t('users.unblock')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
