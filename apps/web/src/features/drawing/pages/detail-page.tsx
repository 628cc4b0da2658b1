import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { drawTaskQueryOptions } from '../api/draw-task';
import { useDrawProgress } from '../api/use-draw-progress';
import { DrawDetailActions } from '../components/draw-detail-actions';
import { DrawDetailInfo } from '../components/draw-detail-info';
import { DrawImageViewer } from '../components/draw-image-viewer';
import { DrawPosterDialog } from '../components/draw-poster-dialog';
import { DrawVersions, Remixes } from '../components/draw-versions';
import '../components/drawing.css';

/**
 * Spec §2 /draw/home/detail: the full image with zoom 1–4, prompt, author, like, draw the same, save, report;
 * a published work also gives a share poster with a QR code of its link.
 */
export function DrawDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  useDrawProgress();
  const detail = useQuery({ ...drawTaskQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const [index, setIndex] = useState(0);
  const [posterOpen, setPosterOpen] = useState(false);

  if (detail.isPending && detail.fetchStatus !== 'idle')
    return <p className="draw-page draw-muted">{t('common.loading')}</p>;
  if (!detail.data)
    return (
      <EmptyState
        image="lost"
        title={t('drawing.detail.missing')}
        action={
          <Link className="app-button" to="/draw/home/hall">
            {t('drawing.form.hall')}
          </Link>
        }
      />
    );
  const task = detail.data;
  const image = task.images[Math.min(index, task.images.length - 1)];

  return (
    <div className="draw-page" data-testid="draw-detail" data-status={task.status}>
      <DrawImageViewer task={task} index={index} onIndex={setIndex} />
      <section className="draw-panel">
        <DrawDetailInfo task={task} hasImage={!!image} />
        <DrawDetailActions task={task} index={index} onPoster={() => setPosterOpen(true)} />
      </section>
      {task.versions.length ? <DrawVersions task={task} /> : null}
      {task.published ? <Remixes task={task} /> : null}
      {posterOpen ? <DrawPosterDialog task={task} cover={image?.url ?? null} onClose={() => setPosterOpen(false)} /> : null}
    </div>
  );
}
