import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { Tabs } from '../../../shared/ui/tabs';
import { useDeleteDrawing } from '../api/delete-drawing';
import { myDrawingsQueryOptions } from '../api/my-drawings';
import { useDrawProgress } from '../api/use-draw-progress';
import { DrawCard } from '../components/draw-card';
import '../components/drawing.css';

type Filter = 'all' | 'published' | 'private';
const FILTERS: Filter[] = ['all', 'published', 'private'];

/** Spec §2 /draw/me/profile and /draw/me/info: my works, published and private, with delete (confirmed). */
export function WorksPage() {
  const { t } = useTranslation();
  useDrawProgress();
  const [filter, setFilter] = useState<Filter>('all');
  const works = useQuery(myDrawingsQueryOptions(filter === 'all' ? undefined : filter === 'published'));
  const remove = useDeleteDrawing();
  const confirmDelete = async (id: number, running: boolean) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('drawing.works.deleteTitle'),
      content: running ? t('drawing.works.cancelConfirm') : t('drawing.works.deleteConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate(id, { onSuccess: () => showToast(t('drawing.works.deleted'), 'success') });
  };

  return (
    <div className="draw-page" data-testid="works-page">
      <Tabs
        className="draw-tabs"
        tabClassName="draw-chip"
        tabs={FILTERS}
        value={filter}
        onChange={setFilter}
        labelOf={(key) => t(`drawing.works.${key}`)}
        testIdPrefix="works"
      />
      {works.isPending ? (
        <p className="draw-muted">{t('common.loading')}</p>
      ) : works.isError ? (
        <LoadFailed title={t('drawing.loadFailed')} onRetry={() => void works.refetch()} />
      ) : works.data.items.length === 0 ? (
        <EmptyState
          title={t('drawing.emptyMine')}
          testId="works-empty"
          action={
            <Link className="app-button" to="/draw/index">
              {t('drawing.form.submit')}
            </Link>
          }
        />
      ) : (
        <ul className="draw-cards" data-testid="works-list">
          {works.data.items.map((task) => (
            // One card holds the picture and its state and actions (they sat below it, outside the card).
            <li key={task.id} className="draw-work" data-testid={`works-item-${task.id}`}>
              <DrawCard task={task} />
              <div className="draw-actions draw-work__actions">
                <span className="draw-muted draw-work__state" data-testid={`works-state-${task.id}`}>
                  {task.published ? t('drawing.works.isPublished') : t('drawing.works.isPrivate')}
                </span>
                <button
                  type="button"
                  data-testid={`works-delete-${task.id}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    void confirmDelete(task.id, task.status === 'queued' || task.status === 'running')
                  }
                >
                  {t('drawing.works.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
