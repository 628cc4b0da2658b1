import { useTranslation } from 'react-i18next';
import { VIDEO_SUBTITLE_STYLES, type VideoInsert, type VideoSubtitleStyle } from '@app/contract';
import type { VideoInserts } from '../lib/use-video-form';
import { VideoChip, VideoChoice } from './video-chip';

const INSERT_POSITION = { intro: 'start', outro: 'end' } as const;

/** The subtitles' look, and our intro and outro clips (each offered when the project has one). */
export function VideoSubtitleCard({
  subtitleStyle,
  onSubtitleStyle,
  available,
  inserts,
  onInserts,
}: {
  subtitleStyle: VideoSubtitleStyle;
  onSubtitleStyle: (look: VideoSubtitleStyle) => void;
  /** The project's intro and outro clips. */
  available: VideoInsert[];
  inserts: VideoInserts;
  onInserts: (update: (current: VideoInserts) => VideoInserts) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="video-card">
      <h2 className="video-card__title">{t('video.subtitleStyle.title')}</h2>
      <VideoChoice
        value={subtitleStyle}
        options={VIDEO_SUBTITLE_STYLES.map((look) => ({
          value: look,
          label: t(`video.subtitleStyle.${look}`),
        }))}
        onChange={onSubtitleStyle}
        testId="subtitle-style"
      />
      {available.length ? (
        <>
          <h2 className="video-card__title">{t('video.inserts.title')}</h2>
          <div className="video-chips">
            {(['intro', 'outro'] as const)
              .filter((kind) => available.some((i) => i.position === INSERT_POSITION[kind]))
              .map((kind) => (
                <VideoChip
                  key={kind}
                  pressed={inserts[kind]}
                  label={t(`video.inserts.${kind}`)}
                  onClick={() => onInserts((current) => ({ ...current, [kind]: !current[kind] }))}
                  testId={`insert-${kind}`}
                />
              ))}
          </div>
          <p className="video-muted">{t('video.inserts.hint')}</p>
        </>
      ) : null}
    </section>
  );
}
