import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Chip } from '../../../shared/ui/chip';
import { DRAW_UPLOAD_ENGINE, drawUpscaleScales } from '@app/contract';
import { drawOptionsQueryOptions } from '../api/draw-options';
import { drawTaskQueryOptions } from '../api/draw-task';
import { useLikeDrawing } from '../api/like-drawing';
import { useUpscaleDrawing } from '../api/upscale';
import { useDrawProgress } from '../api/use-draw-progress';
import { useVariation } from '../api/variation';
import { DrawState } from '../components/draw-card';
import { DrawVersions, Remixes } from '../components/draw-versions';
import '../components/drawing.css';
import { usePersonName } from '../../../shared/lib/person-name';
import { APP_VARIANT } from '../../../shared/config/app';
import { appLink } from '../../../shared/lib/share-poster';
import { SharePosterView } from '../../../shared/ui/share-poster-view';

const ZOOMS = [1, 2, 3, 4] as const;

/**
 * Spec §2 /draw/home/detail: the full image with zoom 1–4, prompt, author, like, draw the same, save, report;
 * a published work also gives a share poster with a QR code of its link.
 */
export function DrawDetailPage() {
  const { t } = useTranslation();
  const personName = usePersonName();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  useDrawProgress();
  const detail = useQuery({ ...drawTaskQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const [posterOpen, setPosterOpen] = useState(false);
  const like = useLikeDrawing(id);
  const upscale = useUpscaleDrawing(id);
  const options = useQuery({ ...drawOptionsQueryOptions(), enabled: !!detail.data?.mine });
  const variation = useVariation(id);

  if (detail.isPending && detail.fetchStatus !== 'idle')
    return <p className="draw-page draw-muted">{t('common.loading')}</p>;
  if (!detail.data)
    return (
      <EmptyState
        image="lost"
        title={t('drawing.detail.missing')}
        action={
          <Link className="app-button" to="/draw/home/hall">
            {t('drawing.form.hall')}
          </Link>
        }
      />
    );
  const task = detail.data;
  const image = task.images[Math.min(index, task.images.length - 1)];
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
    upscale.mutate(
      { imageIndex: Math.min(index, task.images.length - 1), scale },
      { onSuccess: () => showToast(t('drawing.detail.upscaleStarted'), 'success') },
    );
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
    <div className="draw-page" data-testid="draw-detail" data-status={task.status}>
      {image ? (
        <>
          <div className="draw-zoom" data-testid="draw-zoom">
            <img
              src={image.url}
              alt={task.title ?? task.prompt}
              data-testid="draw-image"
              style={{ width: `${zoom * 100}%`, aspectRatio: `${image.width} / ${image.height}` }}
            />
          </div>
          <div className="draw-chips" style={{ marginTop: '0.5rem' }}>
            {ZOOMS.map((z) => (
              <Chip
                key={z}
                className="draw-chip"
                pressed={zoom === z}
                label={t('drawing.detail.zoom', { zoom: z })}
                testId={`draw-zoom-${z}`}
                onClick={() => setZoom(z)}
              />
            ))}
            {task.images.length > 1
              ? task.images.map((_, i) => (
                  <Chip
                    key={`image-${i}`}
                    className="draw-chip"
                    pressed={index === i}
                    label={t('drawing.detail.imageN', { n: i + 1 })}
                    onClick={() => setIndex(i)}
                  />
                ))
              : null}
          </div>
        </>
      ) : (
        <div className="draw-panel">
          <DrawState task={task} />
        </div>
      )}
      <section className="draw-panel">
        {task.title ? (
          <h2 className="draw-label" data-testid="draw-title">
            {task.title}
          </h2>
        ) : null}
        <p data-testid="draw-prompt-text">{uploaded ? t('drawing.uploaded') : task.prompt}</p>
        {task.negativePrompt ? (
          <p className="draw-muted">{t('drawing.detail.negative', { text: task.negativePrompt })}</p>
        ) : null}
        <p className="draw-muted">
          {personName(task.author.nickName)} · {t(`drawing.styles.${task.style}`)} · {task.ratio}
        </p>
        {task.offline && !uploaded ? (
          <p className="draw-muted" data-testid="draw-offline">
            <span className="draw-badge">{t('drawing.offline')}</span>
            {t('drawing.detail.offlineNote')}
          </p>
        ) : null}
        {task.mine && task.status !== 'failed' ? (
          <p className="draw-muted">{t('drawing.detail.cost', { gold: task.cost })}</p>
        ) : null}
        {canUpscale && image && options.data ? (
          <p className="draw-muted" data-testid="draw-upscale-cost">
            {t('drawing.detail.upscaleCost', { gold: options.data.goldPerUpscale })}
          </p>
        ) : null}
        <div className="draw-actions">
          {task.published ? (
            <button
              type="button"
              data-testid="draw-like"
              aria-pressed={task.liked}
              disabled={like.isPending}
              onClick={() => like.mutate()}
            >
              {task.liked ? '♥' : '♡'} {t('drawing.detail.likes', { count: task.likes })}
            </button>
          ) : null}
          {task.published ? (
            <button type="button" data-testid="draw-poster" onClick={() => setPosterOpen(true)}>
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
                <button
                  key={scale}
                  type="button"
                  data-testid={`draw-upscale-${scale}`}
                  disabled={upscale.isPending}
                  onClick={() => handleUpscale(scale)}
                >
                  {t('drawing.detail.upscale', { scale })}
                </button>
              ))
            : null}
          {canRedraw ? (
            <>
              <button
                type="button"
                data-testid="draw-variation"
                disabled={variation.isPending}
                onClick={() => handleVariation('variation')}
              >
                {t('drawing.detail.variation')}
              </button>
              <button
                type="button"
                data-testid="draw-reroll"
                disabled={variation.isPending}
                onClick={() => handleVariation('reroll')}
              >
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
      </section>
      {task.versions.length ? <DrawVersions task={task} /> : null}
      {task.published ? <Remixes task={task} /> : null}
      {posterOpen ? (
        <div className="draw-poster" role="dialog" aria-label={t('drawing.detail.poster.open')} data-testid="draw-poster-dialog">
          <SharePosterView
            input={{
              title: task.title ?? task.prompt,
              cover: image?.url ?? null,
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
          <button type="button" className="app-button app-button--ghost draw-poster__close" data-testid="draw-poster-close" onClick={() => setPosterOpen(false)}>
            {t('drawing.detail.poster.close')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
