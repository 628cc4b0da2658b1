import { useTranslation } from 'react-i18next';
import type { VideoTask } from '@app/contract';
import type { VideoListActions } from '../lib/use-video-list-actions';

/**
 * A video's buttons: once made, play (or the expired notice), download, share and download its project zip
 * (下载工程包, to finish it in another editor); always delete.
 */
export function VideoItemActions({
  task,
  expired,
  onPlay,
  actions,
}: {
  task: VideoTask;
  /** Made, but its file is gone. */
  expired: boolean;
  onPlay: () => void;
  actions: VideoListActions;
}) {
  const { t } = useTranslation();
  return (
    <div className="video-actions">
      {task.status === 'succeeded' ? (
        <>
          <button
            type="button"
            className="video-button"
            data-testid={`video-play-${task.id}`}
            onClick={() => (expired ? void actions.handleExpired() : onPlay())}
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
                disabled={actions.sharing}
                onClick={() => actions.handleShare(task)}
              >
                {t('video.list.share')}
              </button>
              <button
                type="button"
                className="video-button video-button--ghost"
                data-testid={`video-project-${task.id}`}
                disabled={actions.packing !== null}
                aria-busy={actions.packing === task.id}
                onClick={() => actions.handleProject(task)}
              >
                {actions.packing === task.id ? t('video.list.projectPacking') : t('video.list.project')}
              </button>
            </>
          ) : null}
        </>
      ) : null}
      <button
        type="button"
        className="video-button video-button--ghost video-button--danger"
        data-testid={`video-delete-${task.id}`}
        disabled={actions.deleting}
        onClick={() => void actions.handleDelete(task)}
      >
        {t('video.list.delete')}
      </button>
    </div>
  );
}
