import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { Tabs } from '../../../shared/ui/tabs';
import { hallQueryOptions } from '../api/drawing';
import { DrawCard } from '../components/draw-card';
import '../components/drawing.css';

/** Spec §2 /draw/home/hall: published works in two masonry columns, newest or hottest; pull to refresh, endless scroll. */
export function HallPage() {
  const { t } = useTranslation();
  const [sort, setSort] = useState<'newest' | 'hottest'>('newest');
  const hall = useInfiniteQuery(hallQueryOptions(sort));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = hall;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = hall.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="draw-page" data-testid="hall-page">
      <Tabs
        className="draw-tabs"
        tabClassName="draw-chip"
        tabs={['newest', 'hottest'] as const}
        value={sort}
        onChange={setSort}
        labelOf={(key) => t(`drawing.hall.${key}`)}
        testIdPrefix="hall-sort"
      />
      {hall.isPending ? (
        <p className="draw-muted">{t('common.loading')}</p>
      ) : hall.isError ? (
        <LoadFailed title={t('drawing.loadFailed')} onRetry={() => void hall.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('drawing.hall.empty')} testId="hall-empty" />
      ) : (
        <ul className="draw-masonry" data-testid="hall-list">
          {items.map((task) => (
            <li key={task.id}>
              <DrawCard task={task} showAuthor />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} />
      {hasNextPage ? (
        <button
          type="button"
          className="draw-link-button"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('common.loading') : t('drawing.hall.more')}
        </button>
      ) : items.length ? (
        <p className="draw-muted draw-end" data-testid="hall-end">
          {t('drawing.hall.end')}
        </p>
      ) : null}
    </div>
  );
}
