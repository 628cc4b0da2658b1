import { useTranslation } from 'react-i18next';
import { VIDEO_STAGES, type VideoTask } from '@app/contract';

/** The render's stages with the running one marked, its progress, or the failed stage and why. */
export function StageSteps({ task }: { task: VideoTask }) {
  const { t } = useTranslation();
  const current = task.stage ? VIDEO_STAGES.indexOf(task.stage) : -1;
  return (
    <div
      className="video-stages"
      data-testid={`video-stages-${task.id}`}
      data-stage={task.stage ?? ''}
      data-status={task.status}
    >
      <ol className="video-stages__list">
        {VIDEO_STAGES.map((stage, index) => {
          const state =
            task.status === 'succeeded' || index < current
              ? 'done'
              : index === current
                ? task.status === 'failed'
                  ? 'failed'
                  : 'active'
                : 'todo';
          return (
            <li key={stage} className={`video-stages__step video-stages__step--${state}`} data-state={state}>
              {t(`video.stages.${stage}`)}
            </li>
          );
        })}
      </ol>
      {task.status === 'failed' && task.error ? (
        <p className="video-error" data-testid={`video-error-${task.id}`}>
          {t('video.failedAt', { stage: t(`video.stages.${task.error.stage}`) })} {task.error.message}
        </p>
      ) : task.status === 'queued' || task.status === 'running' ? (
        <p className="video-muted" data-testid={`video-progress-${task.id}`}>
          {t('video.progress', { progress: task.progress })}
        </p>
      ) : task.status === 'canceled' ? (
        <p className="video-muted">{t('video.canceled')}</p>
      ) : null}
    </div>
  );
}
