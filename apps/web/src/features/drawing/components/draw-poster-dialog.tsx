import { useTranslation } from 'react-i18next';
import type { DrawTask } from '@app/contract';
import { APP_VARIANT } from '../../../shared/config/app';
import { appLink } from '../../../shared/lib/share-poster';
import { SharePosterView } from '../../../shared/ui/share-poster-view';

/** A published work's share poster (its picture and a QR code of its link), to save or close. */
export function DrawPosterDialog({ task, cover, onClose }: { task: DrawTask; cover: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="draw-poster" role="dialog" aria-label={t('drawing.detail.poster.open')} data-testid="draw-poster-dialog">
      <SharePosterView
        input={{
          title: task.title ?? task.prompt,
          cover,
          appName: t(`variant.${APP_VARIANT}.name`),
          slogan: t(`variant.${APP_VARIANT}.slogan`),
          linkText: t('drawing.detail.poster.linkText'),
          link: appLink(`/draw/home/detail?id=${task.id}`),
        }}
        fileName={`drawing-poster-${task.id}.png`}
        labels={{
          hint: t('drawing.detail.poster.hint'),
          save: t('drawing.detail.poster.save'),
          failed: t('drawing.detail.poster.failed'),
          saved: t('toast.savedToAlbum'),
          saveFailed: t('toast.saveToAlbumFailed'),
          drawing: t('drawing.detail.poster.drawing'),
        }}
      />
      <button type="button" className="app-button app-button--ghost draw-poster__close" data-testid="draw-poster-close" onClick={onClose}>
        {t('drawing.detail.poster.close')}
      </button>
    </div>
  );
}
