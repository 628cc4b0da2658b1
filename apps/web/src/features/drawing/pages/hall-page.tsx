import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawStyles, type DrawStyle } from '@app/contract';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { Chip } from '../../../shared/ui/chip';
import { Tabs } from '../../../shared/ui/tabs';
import { hallQueryOptions, weeklyRankingQueryOptions } from '../api/hall';
import { DrawCard } from '../components/draw-card';
import '../components/drawing.css';

type HallTab = 'newest' | 'hottest' | 'weekly';

/**
 * Spec §2 /draw/home/hall: published works in two masonry columns, newest or hottest, filtered by style; the
 * weekly ranking (most liked this week); pull to refresh, endless scroll.
 */
export function HallPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<HallTab>('newest');
  const [style, setStyle] = useState<DrawStyle | undefined>(undefined);
  return (
    <div className="draw-page" data-testid="hall-page">
      <Tabs
        className="draw-tabs"
        tabClassName="draw-chip"
        tabs={['newest', 'hottest', 'weekly'] as const}
        value={tab}
        onChange={setTab}
        labelOf={(key) => t(`drawing.hall.${key}`)}
        testIdPrefix="hall-sort"
      />
      {tab === 'weekly' ? (
        <WeeklyRanking />
      ) : (
        <>
          <div className="draw-chips" data-testid="hall-styles">
            <Chip
              className="draw-chip"
              pressed={!style}
              label={t('drawing.hall.allStyles')}
              testId="hall-style-all"
              onClick={() => setStyle(undefined)}
            />
            {drawStyles
              .filter((s) => s !== 'none')
              .map((s) => (
                <Chip
                  key={s}
                  className="draw-chip"
                  pressed={style === s}
                  label={t(`drawing.styles.${s}`)}
                  testId={`hall-style-${s}`}
                  onClick={() => setStyle(s)}
                />
              ))}
          </div>
          <HallList sort={tab} style={style} />
        </>
      )}
    </div>
  );
}

/**
 * The published drawings, newest or hottest: the hall's list, and the very list the plaza's 绘画 tab shows (one
 * place for published drawings, under one name).
 */
export function HallList({ sort, style }: { sort: 'newest' | 'hottest'; style?: DrawStyle }) {
  const { t } = useTranslation();
  const hall = useInfiniteQuery(hallQueryOptions(sort, undefined, style));
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
    <>
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
    </>
  );
}

/** This week's most liked works, ranked. */
function WeeklyRanking() {
  const { t } = useTranslation();
  const ranking = useQuery(weeklyRankingQueryOptions());
  if (ranking.isPending) return <p className="draw-muted">{t('common.loading')}</p>;
  if (ranking.isError)
    return <LoadFailed title={t('drawing.loadFailed')} onRetry={() => void ranking.refetch()} />;
  if (!ranking.data.items.length)
    return <EmptyState title={t('drawing.hall.weeklyEmpty')} testId="hall-weekly-empty" />;
  return (
    <ol className="draw-masonry" data-testid="hall-weekly">
      {ranking.data.items.map((task, i) => (
        <li key={task.id} data-testid={`hall-rank-${i + 1}`} data-task-id={task.id}>
          <p className="draw-muted">
            <span className="draw-rank">{t('drawing.hall.rank', { n: i + 1 })}</span>
            {t('drawing.hall.weekLikes', { count: task.weekLikes })}
          </p>
          <DrawCard task={task} showAuthor />
        </li>
      ))}
    </ol>
  );
}
