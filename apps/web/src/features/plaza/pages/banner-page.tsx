import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { APP_VARIANT } from '../../../shared/config/app';
import { useLongPress } from '../../../shared/lib/use-long-press';
import { EmptyState } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { absoluteLink, articleDetailQueryOptions } from '../api/articles';
import { bannerQueryOptions } from '../api/banners';
import { ListLoading } from '../components/list-states';
import { canvasBlob, drawPoster, saveBlob, type PosterInput } from '../components/poster';
import { MissingId } from '../../../shared/ui/missing-id';
import { DetailError } from '../../../shared/ui/detail-error';
import './banner.css';

/** Spec §2 poster detail: a share poster (a work's, or a banner's) drawn to an image the user saves by long press. */
export function BannerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const articleId = Number(params.get('articleId')) || 0;
  const bannerId = Number(params.get('id')) || 0;
  const article = useQuery(articleDetailQueryOptions(articleId));
  const banner = useQuery({ ...bannerQueryOptions(bannerId), enabled: articleId <= 0 && bannerId > 0 });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);

  const appName = t(`variant.${APP_VARIANT}.name`);
  const slogan = t(`variant.${APP_VARIANT}.slogan`);
  let input: PosterInput | undefined;
  if (articleId > 0 && article.data) {
    input = {
      title: article.data.shareTitle,
      cover: article.data.cover ?? article.data.shareImage,
      appName,
      slogan,
      linkText: t('plaza.poster.linkText'),
      link: absoluteLink(article.data.shareLink),
    };
  } else if (articleId <= 0 && banner.data) {
    const link = banner.data.link?.trim() ? banner.data.link : `/pages/detail/banner?id=${banner.data.id}`;
    input = { title: banner.data.title, cover: banner.data.cover, appName, slogan, linkText: t('plaza.poster.linkText'), link: absoluteLink(link) };
  }
  const key = input ? JSON.stringify(input) : '';

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!key || !canvas) return;
    let live = true;
    drawPoster(canvas, JSON.parse(key) as PosterInput).then(
      () => {
        if (!live) return;
        try {
          setImage(canvas.toDataURL('image/png'));
        } catch {
          setFailed(true);
        }
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [key]);

  const handleSave = async () => {
    const canvas = canvasRef.current;
    try {
      if (!canvas || !image) throw new Error('poster not ready');
      saveBlob(await canvasBlob(canvas), `poster-${articleId || bannerId}.png`);
      showToast(t('toast.savedToAlbum'), 'success');
    } catch {
      showToast(t('toast.saveToAlbumFailed'), 'fail');
    }
  };
  const press = useLongPress(() => void handleSave());

  const query = articleId > 0 ? article : banner;
  if (articleId <= 0 && bannerId <= 0) return <MissingId what={t('plaza.what.poster')} />;
  if (query.isPending) return <ListLoading testId="poster-loading" />;
  if (query.isError || !input) return <DetailError error={query.error} onRetry={() => void query.refetch()} back="/pages/plaza/index" />;

  return (
    <div className="poster-page" data-testid="poster-page">
      <canvas ref={canvasRef} className="poster-page__canvas" aria-hidden="true" />
      {image ? (
        <img className="poster-page__image" src={image} alt={input.title} data-testid="poster-image" draggable={false} {...press} onContextMenu={(e) => e.preventDefault()} />
      ) : failed ? (
        <EmptyState image="network" title={t('plaza.poster.failed')} testId="poster-failed" />
      ) : (
        <ListLoading testId="poster-drawing" />
      )}
      <p className="poster-page__hint">{t('plaza.poster.hint')}</p>
      <button type="button" className="app-button poster-page__save" data-testid="poster-save" disabled={!image} onClick={() => void handleSave()}>
        {t('plaza.poster.save')}
      </button>
    </div>
  );
}
