import { ArticleCategory, PLAZA_CATEGORIES } from '@app/contract';
import type { ComponentType } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useTabParam } from '../../../shared/lib/tabs';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { articleListInfiniteOptions, flattenPages } from '../api/articles';
import { ArticleCardList } from '../components/article-card-list';
import { InfiniteFooter } from '../components/infinite-footer';
import { ListError, ListLoading } from '../components/list-states';
import { useRequireLogin } from '../components/use-login-prompt';
import { CATEGORY_TABS, SORT_TABS, type PlazaSort } from '../lib/plaza-list';
import './plaza.css';


/**
 * Spec §2 plaza tab: category tabs, newest/hot, two-column cards, infinite scroll, and pull-to-refresh of
 * the list itself (spec §9 threshold 45; the route flag stays for the spec §2 pages only).
 */
export function PlazaPage({ DrawingWorks }: { DrawingWorks?: ComponentType<{ sort: PlazaSort }> } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const [, setParams] = useSearchParams();
  const categoryId = Number(useTabParam(CATEGORY_TABS, 'category'));
  const sort = useTabParam(SORT_TABS, 'sort');
  const drawings = DrawingWorks !== undefined && categoryId === ArticleCategory.Drawing;
  const list = useInfiniteQuery({ ...articleListInfiniteOptions({ categoryId, sort }), enabled: !drawings });
  const items = flattenPages(list.data?.pages);

  const choose = (next: { category?: number; sort?: string }) =>
    setParams({ category: String(next.category ?? categoryId), sort: next.sort ?? sort }, { replace: true });

  const handlePost = async () => {
    if (await requireLogin()) void navigate('/pages/detail/post');
  };

  return (
    <div className="plaza-page" data-testid="plaza-page">
      {/* The "+" sits in the sticky tab row, not floating over the cards, so it never hides a card's likes. */}
      <div className="plaza-head">
        <div className="plaza-tabs" role="tablist">
          {PLAZA_CATEGORIES.map((c) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={c.id === categoryId}
            className={c.id === categoryId ? 'plaza-tabs__tab plaza-tabs__tab--on' : 'plaza-tabs__tab'}
            data-testid={`plaza-tab-${c.key}`}
            onClick={() => choose({ category: c.id })}
          >
            {t(`plaza.category.${c.key}`)}
          </button>
          ))}
        </div>
        <button type="button" className="plaza-post" data-testid="plaza-post" aria-label={t('plaza.post.new')} onClick={() => void handlePost()}>
          +
        </button>
      </div>
      <div className="plaza-sort">
        {SORT_TABS.map((s) => (
          <button
            key={s}
            type="button"
            className={s === sort ? 'plaza-sort__item plaza-sort__item--on' : 'plaza-sort__item'}
            data-testid={`plaza-sort-${s}`}
            onClick={() => choose({ sort: s })}
          >
            {t(`plaza.sort.${s}`)}
          </button>
        ))}
      </div>
      {/* The 绘画 tab is the drawing plaza's list of published drawings (the app composes it in). */}
      {drawings ? (
        <DrawingWorks sort={sort} />
      ) : (
      <PullToRefresh threshold={45} onRefresh={() => list.refetch()}>
        {list.isPending ? (
          <ListLoading />
        ) : list.isError && items.length === 0 ? (
          <ListError onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('plaza.empty')} description={t('plaza.emptyHint')} testId="plaza-empty" />
        ) : (
          <>
            <ArticleCardList items={items} />
            <InfiniteFooter
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onMore={() => void list.fetchNextPage()}
            />
          </>
        )}
      </PullToRefresh>
      )}
    </div>
  );
}
