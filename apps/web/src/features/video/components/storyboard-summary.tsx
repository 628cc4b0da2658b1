import { useTranslation } from 'react-i18next';
import type { VideoStoryboard } from '@app/contract';

/**
 * The storyboard's head: its title, scene count and estimate, whether it was rendered, 修改后重新合成 on a render
 * that has ended, and the note that the current video stays until a new one is made.
 */
export function StoryboardSummary({
  board: { task, scenes, estimate },
  editable,
  renderOver,
  reopened,
  onReopen,
}: {
  board: VideoStoryboard;
  editable: boolean;
  /** Its render has ended (made, failed or canceled): it can be edited and rendered again. */
  renderOver: boolean;
  reopened: boolean;
  onReopen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="video-card">
      <h2 className="video-card__title">{task.title || t('video.storyboard.untitled')}</h2>
      <p className="video-muted" data-testid="storyboard-summary">
        {t('video.storyboard.summary', { count: scenes.length })} ·{' '}
        {t('video.estimate', { seconds: estimate.seconds, gold: estimate.gold, words: estimate.words })}
      </p>
      {editable ? (
        <p className="video-muted" data-testid="storyboard-gold-rule">
          {t('video.storyboard.goldRule')}
        </p>
      ) : null}
      {!editable && !renderOver && !task.expired ? (
        <p className="video-muted">{t('video.storyboard.rendered')}</p>
      ) : null}
      {renderOver && !reopened ? (
        <button
          type="button"
          className="video-button video-button--wide"
          data-testid="storyboard-reopen"
          onClick={onReopen}
        >
          {t('video.storyboard.reopen')}
        </button>
      ) : null}
      {editable && task.videoUrl ? (
        <p className="video-muted" data-testid="storyboard-keeps-video">
          {t('video.storyboard.keepsVideo')}
        </p>
      ) : null}
    </section>
  );
}
