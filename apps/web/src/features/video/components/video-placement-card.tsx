import { useTranslation } from 'react-i18next';
import type { VideoImageSource } from '@app/contract';
import { AnchorPicker } from './anchor-picker';
import { VideoChoice } from './video-chip';

const IMAGE_SOURCES = ['article', 'template', 'draw'] as const;

/** Where the subtitles sit (the 3×3 grid) and where the pictures come from (AI drawing only when it is on). */
export function VideoPlacementCard({
  anchor,
  onAnchor,
  imageSource,
  onImageSource,
  drawAvailable,
}: {
  anchor: number;
  onAnchor: (anchor: number) => void;
  imageSource: VideoImageSource;
  onImageSource: (source: VideoImageSource) => void;
  drawAvailable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="video-card video-row">
      <div>
        <h2 className="video-card__title">{t('video.anchor.label')}</h2>
        <AnchorPicker value={anchor} onChange={onAnchor} />
      </div>
      <div>
        <h2 className="video-card__title">{t('video.pictures.title')}</h2>
        <VideoChoice
          value={imageSource}
          options={IMAGE_SOURCES.map((kind) => ({
            value: kind,
            label: t(`video.pictures.${kind}`),
            disabled: kind === 'draw' && !drawAvailable,
          }))}
          onChange={onImageSource}
          testId="pictures"
        />
      </div>
    </section>
  );
}
