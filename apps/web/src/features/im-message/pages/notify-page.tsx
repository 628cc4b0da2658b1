import type { ImMessage } from '@app/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../shared/lib/app-store';
import { showToast } from '../../../shared/ui/feedback';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { MESSAGES_QUERY_KEY } from '../../../shared/lib/message-keys';
import { markRead, messagePagesQueryOptions } from '../api/messages';
import './notify-page.css';

const shanghaiDate = (at: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const timeOfDay = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? ''
    : new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit' }).format(at);
};

/** Groups of all loaded pages, a date continued on the next page merged into one group. */
export const mergeGroups = (pages: { groups: { date: string; items: ImMessage[] }[] }[]) => {
  const merged: { date: string; items: ImMessage[] }[] = [];
  for (const group of pages.flatMap((page) => page.groups)) {
    const last = merged[merged.length - 1];
    if (last && last.date === group.date) last.items = [...last.items, ...group.items];
    else merged.push({ date: group.date, items: [...group.items] });
  }
  return merged;
};

/**
 * Spec §2 `/pages/index/notify/index`: notices by date, unread dots, read on open, mark all read, pull to
 * refresh (the page's own: the route table keeps the shell's refresh flag to the spec §2 pages).
 */
export function NotifyPage() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.refetchQueries({ queryKey: MESSAGES_QUERY_KEY, type: 'active' });
  return (
    <PullToRefresh threshold={45} onRefresh={refresh}>
      <NotifyList />
    </PullToRefresh>
  );
}

function NotifyList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useAppStore((s) => s.unreadCount);
  const query = useInfiniteQuery(messagePagesQueryOptions());

  const setChecked = (ids: number[] | 'all') => {
    queryClient.setQueryData<typeof query.data>([...MESSAGES_QUERY_KEY, 'pages'], (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => {
              const mark = (m: ImMessage) => (ids === 'all' || ids.includes(m.id) ? { ...m, checked: true } : m);
              return { ...page, items: page.items.map(mark), groups: page.groups.map((g) => ({ ...g, items: g.items.map(mark) })) };
            }),
          }
        : data,
    );
  };

  const open = (message: ImMessage) => {
    if (!message.checked) {
      setChecked([message.id]);
      void markRead([message.id]).catch(() => showToast(t('toast.noticeFailed'), 'fail'));
    }
    const link = message.link?.trim();
    if (link && link.startsWith('/')) void navigate(link);
  };

  const readAll = async () => {
    try {
      await markRead();
      setChecked('all');
      showToast(t('imMessage.allRead'), 'success');
    } catch {
      showToast(t('toast.noticeFailed'), 'fail');
    }
  };

  if (query.isPending) return <p className="notify-page" data-testid="notify-loading">{t('common.loading')}</p>;
  if (query.isError) return <LoadFailed title={t('imMessage.loadFailed')} testId="notify-error" onRetry={() => void query.refetch()} />;

  const groups = mergeGroups(query.data.pages);
  if (groups.length === 0) return <EmptyState title={t('imMessage.empty')} description={t('imMessage.emptyHint')} testId="notify-empty" />;

  const now = Date.now();
  const today = shanghaiDate(now);
  const yesterday = shanghaiDate(now - 86_400_000);
  const dateLabel = (date: string) => (date === today ? t('imMessage.today') : date === yesterday ? t('imMessage.yesterday') : date);

  return (
    <div className="notify-page" data-testid="notify-page">
      <div className="notify-page__bar">
        <button type="button" className="notify-page__read-all" disabled={unread === 0} onClick={() => void readAll()} data-testid="notify-read-all">
          {t('imMessage.markAllRead')}
        </button>
      </div>
      {groups.map((group) => (
        <section key={group.date} className="notify-group" data-testid="notify-group">
          <h2 className="notify-group__date">{dateLabel(group.date)}</h2>
          <ul className="notify-list">
            {group.items.map((message) => (
              <li key={message.id}>
                <button type="button" className="notify-item" onClick={() => open(message)} data-testid="notify-item" data-checked={message.checked}>
                  {!message.checked ? <span className="notify-item__dot" aria-label={t('imMessage.unread')} data-testid="notify-unread-dot" /> : null}
                  <span className="notify-item__head">
                    <span className="notify-item__type">{t(`imMessage.types.${message.type}`)}</span>
                    <span className="notify-item__time">{timeOfDay(message.receiveTime)}</span>
                  </span>
                  <span className="notify-item__title">{message.title}</span>
                  <span className="notify-item__content">{message.content}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="notify-page__more">
        {query.hasNextPage ? (
          <button type="button" className="app-button app-button--ghost" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('imMessage.loadMore')}
          </button>
        ) : (
          <span>{t('imMessage.noMore')}</span>
        )}
      </div>
    </div>
  );
}
