import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DrawTask } from '@app/contract';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { DrawCard } from './draw-card';

/** My ten most recent drawing tasks under the form, with their loading, failed and empty states. */
export function RecentDrawings({ mine }: { mine: UseQueryResult<{ items: DrawTask[] }> }) {
  const { t } = useTranslation();
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
            <li key={task.id}>
              <DrawCard task={task} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
