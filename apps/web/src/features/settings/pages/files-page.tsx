import { useQuery } from '@tanstack/react-query';
import type { HistoryItem } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getAppConfigQueryOptions } from '../../../shared/lib/app-config';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { showNotice, showToast } from '../../../shared/ui/feedback';
import { generatedFilesQueryOptions, isVideoExpired, useDeleteGeneratedFile } from '../api/generated-files';
import '../../../shared/ui/settings-list.css';
import './settings.css';

/** Spec §2 download management: what the user generated, with date, open and delete; videos expire per saveVideoTime. */
export function FilesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const files = useQuery(generatedFilesQueryOptions());
  const config = useQuery(getAppConfigQueryOptions());
  const saveVideoTime = typeof config.data?.saveVideoTime === 'number' ? config.data.saveVideoTime : undefined;
  const remove = useDeleteGeneratedFile();

  const expired = (item: HistoryItem) => item.refType === 'video' && isVideoExpired(item.time, saveVideoTime);

  const openItem = (item: HistoryItem) => {
    if (expired(item)) return void showNotice(t('settingsPages.files.expiredTip'), t('common.systemNotice'));
    if (!item.link) return;
    if (/^https?:\/\//.test(item.link)) window.open(item.link, '_blank', 'noopener');
    else void navigate(item.link);
  };

  const confirmDelete = async (item: HistoryItem) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('common.systemNotice'),
      content: t('settingsPages.files.deleteConfirm', { title: item.title }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate(item.id, { onSuccess: () => showToast(t('settingsPages.files.deleted'), 'success') });
  };

  if (files.isPending) return <p className="settings-page">{t('common.loading')}</p>;
  if (files.isError)
    return (
      <LoadFailed title={t('settingsPages.loadFailed')} onRetry={() => void files.refetch()} />
    );
  if (files.data.items.length === 0) return <EmptyState title={t('settingsPages.files.empty')} testId="files-empty" />;

  return (
    <div className="settings-page" data-testid="files-page">
      {saveVideoTime ? <p className="files-hint">{t('settingsPages.files.videoKept', { days: Math.max(1, Math.round(saveVideoTime / 86400)) })}</p> : null}
      <ul className="settings-group files-list">
        {files.data.items.map((item) => (
          <li key={item.id} className="files-item" data-testid={`file-${item.id}`}>
            <button type="button" className="files-item__open" onClick={() => openItem(item)}>
              {item.cover ? <img src={item.cover} alt="" className="files-item__cover" /> : <span className="files-item__cover" />}
              <span className="files-item__body">
                <span className="files-item__title">{item.title}</span>
                <span className="settings-list__value">
                  {t(`settingsPages.files.kinds.${['copy', 'drawing', 'video', 'dub'].includes(item.refType) ? item.refType : 'other'}`)} · {formatDate(item.time)}
                  {expired(item) ? ` · ${t('settingsPages.files.expired')}` : ''}
                </span>
              </span>
            </button>
            <button type="button" className="files-item__delete" data-testid={`file-delete-${item.id}`} onClick={() => void confirmDelete(item)}>
              {t('settingsPages.files.delete')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
