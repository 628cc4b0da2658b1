import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { APP_VARIANT } from '../../../shared/config/app';
import { absoluteLink, articleDetailQueryOptions } from '../api/articles';
import { bannerQueryOptions } from '../api/banners';
import { ListLoading } from '../components/list-states';
import type { PosterInput } from '../../../shared/lib/share-poster';
import { SharePosterView } from '../../../shared/ui/share-poster-view';
import { MissingId } from '../../../shared/ui/missing-id';
import { DetailError } from '../../../shared/ui/detail-error';

/** Spec §2 poster detail: a share poster (a work's, or a banner's) drawn to an image the user saves by long press. */
export function BannerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const articleId = Number(params.get('articleId')) || 0;
  const bannerId = Number(params.get('id')) || 0;
  const article = useQuery(articleDetailQueryOptions(articleId));
  const banner = useQuery({ ...bannerQueryOptions(bannerId), enabled: articleId <= 0 && bannerId > 0 });

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
  const query = articleId > 0 ? article : banner;
  if (articleId <= 0 && bannerId <= 0) return <MissingId what={t('plaza.what.poster')} />;
  if (query.isPending) return <ListLoading testId="poster-loading" />;
  if (query.isError || !input) return <DetailError error={query.error} onRetry={() => void query.refetch()} back="/pages/plaza/index" />;

  return (
    <SharePosterView
      input={input}
      fileName={`poster-${articleId || bannerId}.png`}
      labels={{
        hint: t('plaza.poster.hint'),
        save: t('plaza.poster.save'),
        failed: t('plaza.poster.failed'),
        saved: t('toast.savedToAlbum'),
        saveFailed: t('toast.saveToAlbumFailed'),
        drawing: t('common.loading'),
      }}
    />
  );
}
