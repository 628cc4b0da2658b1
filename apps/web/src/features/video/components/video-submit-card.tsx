import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoEstimate } from '@app/contract';

/**
 * The single video's estimate (length, gold, words), the video tip, what the form misses, 生成视频 and 生成分镜,
 * and how long videos are kept with a link to mine.
 */
export function VideoSubmitCard({
  estimate,
  tip,
  error,
  creating,
  onCreate,
  storyboarding,
  onStoryboard,
  keepSeconds,
  hidden,
}: {
  estimate: VideoEstimate | undefined;
  /** The video tip of the app's tips, when it has one. */
  tip: string | undefined;
  error: string | null;
  creating: boolean;
  onCreate: () => void;
  storyboarding: boolean;
  onStoryboard: () => void;
  /** How long a made video is kept (app config `saveVideoTime`). */
  keepSeconds: number;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="video-card" hidden={hidden}>
      <p className="video-estimate" data-testid="video-estimate">
        {estimate
          ? t('video.estimate', { seconds: estimate.seconds, gold: estimate.gold, words: estimate.words })
          : t('video.estimateEmpty')}
      </p>
      {tip ? (
        <p className="video-muted" data-testid="video-tip">
          {tip}
        </p>
      ) : null}
      {error ? (
        <p className="video-error" role="alert" data-testid="video-form-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="video-button video-button--wide"
        data-testid="video-create"
        disabled={creating}
        onClick={onCreate}
      >
        {creating ? t('common.loading') : t('video.create')}
      </button>
      <button
        type="button"
        className="video-button video-button--wide video-button--ghost"
        data-testid="video-storyboard"
        disabled={storyboarding}
        onClick={onStoryboard}
      >
        {storyboarding ? t('common.loading') : t('video.storyboard.create')}
      </button>
      <p className="video-muted" data-testid="video-storyboard-rule">
        {t('video.storyboard.goldRule')}
      </p>
      <p className="video-muted">
        {t('video.keepFor', { days: Math.round(keepSeconds / 86400) })}{' '}
        <Link to="/media/video/list">{t('video.myVideos')}</Link>
      </p>
    </section>
  );
}
