import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoTask } from '@app/contract';
import { formatDate } from '../../../shared/lib/time';
import { VideoPlayer } from '../../../shared/ui/video-player';
import { timeLeft } from '../lib/use-now';
import type { VideoListActions } from '../lib/use-video-list-actions';
import { StageSteps } from './stage-steps';
import { VideoItemActions } from './video-item-actions';

/**
 * One of my videos: cover, title, template, date, length, the offline engine, the expiry countdown; then its
 * progress (a storyboard draft's link, waiting for a free place, or the render's stages), the player once it is
 * played, and its actions.
 */
export function VideoListItem({
  task,
  now,
  playing,
  onPlay,
  actions,
}: {
  task: VideoTask;
  /** The time the countdown counts from. */
  now: number;
  playing: boolean;
  onPlay: () => void;
  actions: VideoListActions;
}) {
  const { t } = useTranslation();
  const expired = task.expired || (task.status === 'succeeded' && !task.videoUrl);
  const left = task.expired ? null : timeLeft(task.expireAt, now);
  return (
    <li className="video-card" data-testid={`video-item-${task.id}`} data-status={task.status}>
      <div className="video-row">
        {task.coverUrl ? <img className="video-cover" src={task.coverUrl} alt="" /> : null}
        <div>
          <p className="video-card__title">{task.title || t('video.list.untitled')}</p>
          <p className="video-muted">
            {task.templateLabel} · {formatDate(task.createTime)}
            {task.duration ? ` · ${t('video.seconds', { seconds: task.duration.toFixed(1) })}` : ''}
          </p>
          {task.offline ? (
            <p className="video-muted">{t('video.list.offline')}</p>
          ) : null}
          {task.status === 'succeeded' ? (
            <p className="video-muted" data-testid={`video-expiry-${task.id}`}>
              {left ? t('video.list.expiresIn', left) : t('video.list.expired')}
            </p>
          ) : null}
        </div>
      </div>
      {task.storyboard ? (
        <p className="video-muted">
          {t('video.storyboard.draft')} ·{' '}
          <Link to={`/media/video/storyboard?id=${task.id}`} data-testid={`video-storyboard-${task.id}`}>
            {t('video.storyboard.edit')}
          </Link>
        </p>
      ) : task.waiting ? (
        <p className="video-muted" data-testid={`video-waiting-${task.id}`}>
          {t('video.batch.waiting')}
        </p>
      ) : task.status !== 'succeeded' ? (
        <StageSteps task={task} />
      ) : null}
      {task.status === 'succeeded' && playing && task.videoUrl ? (
        <VideoPlayer
          src={task.videoUrl}
          poster={task.coverUrl ?? undefined}
          testId={`video-player-${task.id}`}
        />
      ) : null}
      <VideoItemActions task={task} expired={expired} onPlay={onPlay} actions={actions} />
    </li>
  );
}
