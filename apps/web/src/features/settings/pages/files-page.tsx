import { useQuery } from '@tanstack/react-query';
import type { HistoryItem } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getAppConfigQueryOptions } from '../../../shared/lib/app-config';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { showNotice, showToast } from '../../../shared/ui/feedback';
import { generatedFilesQueryOptions, isVideoExpired, useDeleteGeneratedFile } from '../api/generated-files';
import { formatBytes, percentOf, uploadUsageQueryOptions } from '../api/upload-usage';
import '../../../shared/ui/settings-list.css';
import './settings.css';

/** The user's upload space and today's upload volume, each against its limit (absent until loaded). */
function UploadUsagePanel() {
  const { t } = useTranslation();
  const usage = useQuery(uploadUsageQueryOptions());
  if (!usage.data) return null;
  const { usedBytes, quotaBytes, todayBytes, dailyBytes, vip } = usage.data;
  const rows = [
    { key: 'space', label: t('settingsPages.files.usageSpace'), used: usedBytes, limit: quotaBytes },
    { key: 'today', label: t('settingsPages.files.usageToday'), used: todayBytes, limit: dailyBytes },
  ];
  return (
    <section className="files-usage" data-testid="upload-usage">
      {rows.map((row) => (
        <div key={row.key} className="files-usage__row" data-testid={`upload-usage-${row.key}`}>
          <span className="files-usage__label">
            {row.label} {t('settingsPages.files.usageOf', { used: formatBytes(row.used), limit: formatBytes(row.limit) })}
          </span>
          <span className="files-usage__bar" aria-hidden="true">
            <span style={{ width: `${percentOf(row.used, row.limit)}%` }} />
          </span>
        </div>
      ))}
      <p className="files-hint">{vip ? t('settingsPages.files.usageVip') : t('settingsPages.files.usageMore')}</p>
    </section>
  );
}

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
  if (files.data.items.length === 0)
    return (
      <div className="settings-page">
        <UploadUsagePanel />
        <EmptyState title={t('settingsPages.files.empty')} testId="files-empty" />
      </div>
    );

  return (
    <div className="settings-page" data-testid="files-page">
      <UploadUsagePanel />
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
