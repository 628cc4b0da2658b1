import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VideoScenePictureInput } from '@app/contract';
import { myDrawingsForScenesQueryOptions } from '../api/storyboard';
import { cardStyle, SCENE_CARDS } from './scene-picture';

/** The colour cards a scene's picture can be replaced with. */
export function SceneCardChoices({ onPick }: { onPick: (picture: VideoScenePictureInput) => void }) {
  const { t } = useTranslation();
  return (
    <div className="storyboard-cards" role="group" aria-label={t('video.storyboard.replace.color')}>
      {SCENE_CARDS.map((colors) => (
        <button
          key={colors.join()}
          type="button"
          className="storyboard-card"
          style={cardStyle(colors)}
          data-testid={`scene-card-${colors.join('-')}`}
          aria-label={colors.join(' → ')}
          onClick={() => onPick({ kind: 'color', colors })}
        />
      ))}
    </div>
  );
}

/** My finished drawings a scene's picture can be replaced with (loaded when this opens). */
export function SceneDrawingChoices({ onPick }: { onPick: (picture: VideoScenePictureInput) => void }) {
  const { t } = useTranslation();
  const drawings = useQuery(myDrawingsForScenesQueryOptions());
  return (
    <div className="storyboard-drawings" data-testid="scene-drawings">
      {drawings.isPending ? (
        <p className="video-muted">{t('common.loading')}</p>
      ) : (drawings.data ?? []).length === 0 ? (
        <p className="video-muted">{t('video.storyboard.noDrawings')}</p>
      ) : (
        (drawings.data ?? []).map((d) => (
          <button
            key={d.id}
            type="button"
            className="storyboard-drawing"
            onClick={() => onPick({ kind: 'drawing', drawingId: d.id, index: 0 })}
          >
            <img src={d.images[0]!.thumbUrl} alt={d.prompt} />
          </button>
        ))
      )}
    </div>
  );
}
