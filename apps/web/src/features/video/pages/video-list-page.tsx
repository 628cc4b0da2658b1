import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoTask } from '@app/contract';
import { useDictionary } from '../../../shared/lib/dictionary';
import { loadTip } from '../../../shared/lib/tips';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { VideoPlayer } from '../../../shared/ui/video-player';
import { useVideoProgress } from '../api/use-video-progress';
import { useDeleteVideo } from '../api/delete-video';
import { useShareVideo } from '../api/share-video';
import { isRunning, videosQueryOptions } from '../api/video';
import { StageSteps } from '../components/stage-steps';
import '../components/video.css';

const loadDialog = () => import('antd-mobile/es/components/dialog');

/** Time left until `expireAt`, in whole days, hours and minutes (refreshed every minute). */
const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/**
 * Spec §2 /media/video/list: my videos with their live stage and progress, a player whose controls hide after 3 s,
 * download, share to the plaza, delete with confirmation, the expiry countdown; an expired video opens the system
 * notice of spec §8 with the download tip. Pull to refresh is the route's.
 */
export function VideoListPage() {
  const { t } = useTranslation();
  useVideoProgress();
  const now = useNow();
  const videos = useQuery(videosQueryOptions());
  // The tips load with the list, so an expired video's notice has its text at the first tap.
  useDictionary('app_tips');
  const [playing, setPlaying] = useState<number | null>(null);

  const remove = useDeleteVideo();
  const share = useShareVideo();
  const shareTask = (task: VideoTask) =>
    share.mutate(
      { task, offlineNote: task.offline ? t('video.list.offline', { engine: task.engine ?? '' }) : null },
      { onSuccess: () => showToast(t('video.list.shared'), 'success') },
    );

  const confirmDelete = async (task: VideoTask) => {
    const { default: Dialog } = await loadDialog();
    const sure = await Dialog.confirm({
      title: t('video.list.deleteTitle'),
      content: isRunning(task) ? t('video.list.deleteRunning') : t('video.list.deleteConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate(task.id, { onSuccess: () => showToast(t('video.list.deleted'), 'success') });
  };

  /** Spec §8: an expired video's dialog, titled system notice, "I know", text from the download tip. */
  const showExpired = async () => {
    const { default: Dialog } = await loadDialog();
    // The tip may still be loading when the user taps at once: wait for it rather than show the fallback.
    const tip = await loadTip('downloadTip', t('video.list.expiredText'));
    await Dialog.alert({
      title: t('common.systemNotice'),
      content: <span data-testid="expired-dialog">{tip}</span>,
      confirmText: t('common.knowIt'),
    });
  };

  const countdown = (task: VideoTask) => {
    const left = new Date(task.expireAt).getTime() - now;
    if (task.expired || left <= 0) return t('video.list.expired');
    const days = Math.floor(left / 86_400_000);
    const hours = Math.floor((left % 86_400_000) / 3_600_000);
    const minutes = Math.floor((left % 3_600_000) / 60_000);
    return t('video.list.expiresIn', { days, hours, minutes });
  };

  const item = (task: VideoTask) => {
    const expired = task.expired || (task.status === 'succeeded' && !task.videoUrl);
    return (
      <li
        key={task.id}
        className="video-card"
        data-testid={`video-item-${task.id}`}
        data-status={task.status}
      >
        <div className="video-row">
          {task.coverUrl ? <img className="video-cover" src={task.coverUrl} alt="" /> : null}
          <div>
            <p className="video-card__title">{task.title || t('video.list.untitled')}</p>
            <p className="video-muted">
              {task.templateLabel} · {formatDate(task.createTime)}
              {task.duration ? ` · ${t('video.seconds', { seconds: task.duration.toFixed(1) })}` : ''}
            </p>
            {task.offline ? (
              <p className="video-muted">{t('video.list.offline', { engine: task.engine ?? '' })}</p>
            ) : null}
            {task.status === 'succeeded' ? (
              <p className="video-muted" data-testid={`video-expiry-${task.id}`}>
                {countdown(task)}
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
        {task.status === 'succeeded' && playing === task.id && task.videoUrl ? (
          <VideoPlayer
            src={task.videoUrl}
            poster={task.coverUrl ?? undefined}
            testId={`video-player-${task.id}`}
          />
        ) : null}
        <div className="video-actions">
          {task.status === 'succeeded' ? (
            <>
              <button
                type="button"
                className="video-button"
                data-testid={`video-play-${task.id}`}
                onClick={() => (expired ? void showExpired() : setPlaying(task.id))}
              >
                {t('video.list.play')}
              </button>
              {!expired && task.videoUrl ? (
                <>
                  <a
                    className="video-button video-button--ghost"
                    href={task.videoUrl}
                    download={`video-${task.id}.mp4`}
                  >
                    {t('video.list.download')}
                  </a>
                  <button
                    type="button"
                    className="video-button video-button--ghost"
                    data-testid={`video-share-${task.id}`}
                    disabled={share.isPending}
                    onClick={() => shareTask(task)}
                  >
                    {t('video.list.share')}
                  </button>
                </>
              ) : null}
            </>
          ) : null}
          <button
            type="button"
            className="video-button video-button--ghost video-button--danger"
            data-testid={`video-delete-${task.id}`}
            disabled={remove.isPending}
            onClick={() => void confirmDelete(task)}
          >
            {t('video.list.delete')}
          </button>
        </div>
      </li>
    );
  };

  return (
    <div className="video-page" data-testid="video-list-page">
      {videos.isPending ? (
        <p className="video-muted">{t('common.loading')}</p>
      ) : videos.isError ? (
        <LoadFailed title={t('video.loadFailed')} onRetry={() => void videos.refetch()} />
      ) : videos.data.items.length === 0 ? (
        <EmptyState
          title={t('video.list.empty')}
          testId="video-empty"
          action={
            <Link className="app-button" to="/media/video/index">
              {t('video.list.create')}
            </Link>
          }
        />
      ) : (
        <ul className="video-list" data-testid="video-list">
          {videos.data.items.map(item)}
        </ul>
      )}
    </div>
  );
}
