import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawTask } from '@app/contract';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { DrawCard } from './draw-card';

interface RecentDrawingsProps {
  mine: UseQueryResult<{ items: DrawTask[] }>;
  /** A task just started: its card scrolls into view once it is listed. */
  focusId?: number | null;
}

/** My ten most recent drawing tasks under the form, with their loading, failed and empty states. */
export function RecentDrawings({ mine, focusId }: RecentDrawingsProps) {
  const { t } = useTranslation();
  const focused = useRef<HTMLLIElement>(null);
  const listed = mine.data?.items.some((task) => task.id === focusId) ?? false;
  useEffect(() => {
    const card = focused.current;
    // jsdom has no scrolling.
    if (listed && card && 'scrollIntoView' in card) card.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [listed, focusId]);
  return (
    <>
      <h2 className="draw-label">{t('drawing.recent')}</h2>
      {mine.isPending ? (
        <p className="draw-muted">{t('common.loading')}</p>
      ) : mine.isError ? (
        <LoadFailed title={t('drawing.loadFailed')} onRetry={() => void mine.refetch()} />
      ) : mine.data.items.length === 0 ? (
        <EmptyState title={t('drawing.emptyMine')} testId="draw-empty" />
      ) : (
        <ul className="draw-cards" data-testid="draw-recent">
          {mine.data.items.slice(0, 10).map((task) => (
            <li key={task.id} ref={task.id === focusId ? focused : undefined}>
              <DrawCard task={task} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
