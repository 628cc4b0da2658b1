import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { articleListInfiniteOptions, flattenPages } from '../api/articles';
import { ArticleCardList } from './article-card-list';
import { InfiniteFooter } from './infinite-footer';
import { ListError, ListLoading } from './list-states';
import './user-works.css';

/** A personal homepage's works (published, newest first). */
export function UserWorks({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({ ...articleListInfiniteOptions({ authorId: userId }), enabled: userId > 0 });
  const items = flattenPages(list.data?.pages);
  return (
    <section className="user-works" data-testid="user-works">
      <h2 className="user-works__title">{t('plaza.works.title')}</h2>
      {list.isPending ? (
        <ListLoading testId="user-works-loading" />
      ) : list.isError && items.length === 0 ? (
        <ListError onRetry={() => void list.refetch()} testId="user-works-error" />
      ) : items.length === 0 ? (
        <EmptyState title={t('plaza.works.empty')} testId="profile-works-empty" />
      ) : (
        <>
          <ArticleCardList items={items} />
          <InfiniteFooter hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
        </>
      )}
    </section>
  );
}
