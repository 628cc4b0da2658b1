import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DRAW_UPLOAD_ENGINE, drawUpscaleScales, type DrawTask } from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { useLikeDrawing } from '../api/like-drawing';
import { useUpscaleDrawing } from '../api/upscale';
import { useVariation } from '../api/variation';

interface DrawDetailActionsProps {
  task: DrawTask;
  /** The picture shown, which save and upscale act on. */
  index: number;
  onPoster: () => void;
}

/** A work's actions: like, poster, draw the same, upscale, variation and reroll, save, publish, report. */
export function DrawDetailActions({ task, index, onPoster }: DrawDetailActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const like = useLikeDrawing(task.id);
  const upscale = useUpscaleDrawing(task.id);
  const variation = useVariation(task.id);
  const imageIndex = Math.min(index, task.images.length - 1);
  const image = task.images[imageIndex];
  // 一键同款: the form opens with the work's prompt, style, ratio and seed; a published work counts the remix.
  const drawSame = () => {
    const query = new URLSearchParams({
      prompt: task.prompt,
      style: task.style,
      ratio: task.ratio,
      count: String(task.count),
      seed: String(task.seed),
    });
    if (task.negativePrompt) query.set('negativePrompt', task.negativePrompt);
    if (task.published) query.set('remixOf', String(task.id));
    void navigate(`/draw/index?${query}`);
  };
  const handleVariation = (mode: 'variation' | 'reroll') =>
    variation.mutate(mode, {
      onSuccess: (created) => {
        showToast(t('drawing.detail.variationStarted'), 'success');
        void navigate(`/draw/home/detail?id=${created.id}`);
      },
    });
  const handleUpscale = (scale: (typeof drawUpscaleScales)[number]) =>
    upscale.mutate({ imageIndex, scale }, { onSuccess: () => showToast(t('drawing.detail.upscaleStarted'), 'success') });
  // An uploaded picture of mine can be upscaled only: no prompt to draw again, not for the hall.
  const uploaded = task.engine === DRAW_UPLOAD_ENGINE;
  const canUpscale = task.mine && task.status === 'succeeded';
  const canRedraw = canUpscale && !uploaded;
  const handleSave = () => {
    if (!image) return;
    const link = document.createElement('a');
    link.href = image.url;
    link.download = `drawing-${task.id}-${index + 1}.webp`;
    link.click();
    showToast(t('toast.saving'), 'success');
  };

  return (
    <div className="draw-actions">
      {task.published ? (
        <button type="button" data-testid="draw-like" aria-pressed={task.liked} disabled={like.isPending} onClick={() => like.mutate()}>
          {task.liked ? '♥' : '♡'} {t('drawing.detail.likes', { count: task.likes })}
        </button>
      ) : null}
      {task.published ? (
        <button type="button" data-testid="draw-poster" onClick={onPoster}>
          {t('drawing.detail.poster.open')}
        </button>
      ) : null}
      {!uploaded ? (
        <button type="button" data-testid="draw-same" onClick={drawSame}>
          {task.published ? t('drawing.detail.remix') : t('drawing.detail.same')}
        </button>
      ) : null}
      {canUpscale && image
        ? drawUpscaleScales.map((scale) => (
            <button key={scale} type="button" data-testid={`draw-upscale-${scale}`} disabled={upscale.isPending} onClick={() => handleUpscale(scale)}>
              {t('drawing.detail.upscale', { scale })}
            </button>
          ))
        : null}
      {canRedraw ? (
        <>
          <button type="button" data-testid="draw-variation" disabled={variation.isPending} onClick={() => handleVariation('variation')}>
            {t('drawing.detail.variation')}
          </button>
          <button type="button" data-testid="draw-reroll" disabled={variation.isPending} onClick={() => handleVariation('reroll')}>
            {t('drawing.detail.reroll')}
          </button>
        </>
      ) : null}
      {image ? (
        <button type="button" data-testid="draw-save" onClick={handleSave}>
          {t('drawing.detail.save')}
        </button>
      ) : null}
      {canRedraw && !task.published ? (
        <Link to={`/draw/publish/canema?id=${task.id}`} data-testid="draw-publish">
          {t('drawing.detail.publish')}
        </Link>
      ) : null}
      {!task.mine ? (
        <Link to={`/set/help/report?type=drawing&id=${task.id}`} data-testid="draw-report">
          {t('drawing.detail.report')}
        </Link>
      ) : null}
    </div>
  );
}
