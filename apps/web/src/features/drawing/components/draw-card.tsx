import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DRAW_UPLOAD_ENGINE, type DrawTask } from '@app/contract';
import { usePersonName } from '../../../shared/lib/person-name';
import { ProgressBar } from '../../../shared/ui/progress-bar';

/** The state line of a task: progress while it is drawn, why it failed (nothing charged), or nothing. */
export function DrawState({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  if (task.status === 'succeeded') return null;
  if (task.status === 'failed' || task.status === 'canceled')
    return (
      <p className="draw-error" data-testid="draw-failed">
        {task.errorMessage ?? t('drawing.failed')}
      </p>
    );
  return (
    <div data-testid="draw-progress" data-status={task.status}>
      <ProgressBar className="draw-progress" percent={task.progress} />
      <p className="draw-muted">
        {task.status === 'running' ? t('drawing.progress', { progress: task.progress }) : t('drawing.queued')}
      </p>
    </div>
  );
}

/** A work's card: thumbnail, title or prompt, offline badge, live state. */
export function DrawCard({ task, showAuthor = false }: { task: DrawTask; showAuthor?: boolean }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const image = task.images[0];
  const uploaded = task.engine === DRAW_UPLOAD_ENGINE;
  const name = task.title ?? (uploaded ? t('drawing.uploaded') : task.prompt);
  return (
    <Link
      className="draw-card"
      to={`/draw/home/detail?id=${task.id}`}
      data-testid={`draw-card-${task.id}`}
      data-status={task.status}
    >
      {image ? (
        <img
          className="draw-card__image"
          src={image.thumbUrl}
          alt={name}
          loading="lazy"
          style={{ aspectRatio: `${image.width} / ${image.height}` }}
        />
      ) : (
        <div className="draw-card__placeholder">{task.prompt}</div>
      )}
      <div className="draw-card__body">
        <p className="draw-card__title">{name}</p>
        {task.offline && !uploaded ? (
          <span className="draw-badge" data-testid="draw-offline">
            {t('drawing.offline')}
          </span>
        ) : null}
        {showAuthor ? (
          <span className="draw-muted">
            {personName(task.author.nickName)} · ♥ {task.likes}
          </span>
        ) : null}
        <DrawState task={task} />
      </div>
    </Link>
  );
}
