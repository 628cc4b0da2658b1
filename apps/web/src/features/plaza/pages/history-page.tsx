import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../../shared/lib/time';
import { EmptyState } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { clearHistory, historyInfiniteOptions, type HistoryKind } from '../api/history';
import { InfiniteFooter } from '../components/infinite-footer';
import { ListError, ListLoading } from '../components/list-states';
import './plaza.css';
import './history.css';

const KINDS: readonly HistoryKind[] = ['read', 'generated'];

/** Spec §2 history: what I read and what I generated, most recent first; clear (confirmed). */
export function HistoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<HistoryKind>('read');
  const list = useInfiniteQuery(historyInfiniteOptions(kind));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const handleClear = async () => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      content: t('plaza.history.clearConfirm'),
      confirmText: t('plaza.history.clear'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await clearHistory(kind);
    } catch {
      return;
    }
    showToast(t('plaza.history.cleared'), 'success');
    await queryClient.invalidateQueries({ queryKey: ['history'] });
  };

  return (
    <div className="plaza-page" data-testid="history-page">
      <div className="plaza-tabs" role="tablist">
        {KINDS.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={k === kind} className={k === kind ? 'plaza-tabs__tab plaza-tabs__tab--on' : 'plaza-tabs__tab'} data-testid={`history-tab-${k}`} onClick={() => setKind(k)}>
            {t(`plaza.history.${k}`)}
          </button>
        ))}
        <button type="button" className="history-clear" data-testid="history-clear" disabled={items.length === 0} onClick={() => void handleClear()}>
          {t('plaza.history.clear')}
        </button>
      </div>
      {list.isPending ? (
        <ListLoading />
      ) : list.isError && items.length === 0 ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('plaza.history.empty')} testId="history-empty" />
      ) : (
        <>
          <ul className="history-list">
            {items.map((item) => {
              const body = (
                <>
                  {item.cover ? <img className="history-item__cover" src={item.cover} alt="" loading="lazy" /> : <span className="history-item__cover history-item__cover--none" />}
                  <span className="history-item__main">
                    <span className="history-item__title">{item.title || t(`plaza.history.kind.${item.kind}`)}</span>
                    <span className="history-item__time">{relativeTime(item.time, t)}</span>
                  </span>
                </>
              );
              return (
                <li key={item.id} className="history-item" data-testid="history-item">
                  {item.link && item.link.startsWith('/') ? (
                    <Link className="history-item__link" to={item.link}>
                      {body}
                    </Link>
                  ) : (
                    <div className="history-item__link">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
          <InfiniteFooter hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
        </>
      )}
    </div>
  );
}
