import type { ArticleDetail } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../../shared/lib/time';
import { Markdown } from '../../../shared/ui/markdown';
import { usePersonName } from '../../../shared/lib/person-name';

/** Opens the pictures full screen, pinch zoom 1× to 4× (antd-mobile ImageViewer). */
export const previewImages = async (images: readonly string[], index: number) => {
  const { default: ImageViewer } = await import('antd-mobile/es/components/image-viewer');
  ImageViewer.Multi.show({ images: [...images], defaultIndex: index, maxZoom: 4 });
};

/** The work itself: title, author, markdown text, pictures, media. Shared by the article and forward pages. */
export function ArticleView({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const media = article.media;
  return (
    <article className="article-view" data-testid="article-view">
      {article.status === 'pending' || article.status === 'rejected' ? (
        <p className={`article-view__review article-view__review--${article.status}`} data-testid="article-review-status" role="status">
          {article.status === 'pending'
            ? t('plaza.review.pending')
            : t('plaza.review.rejected', { reason: article.takedownReason ?? '' })}
        </p>
      ) : null}
      {article.title ? (
        <h1 className="article-view__title" data-testid="article-title">
          {article.title}
        </h1>
      ) : null}
      <div className="article-view__author">
        <Link to={`/pages/me/profile?userId=${article.author.id}`} className="article-view__author-link">
          <img className="article-view__avatar" src={article.author.avatar} alt="" width={36} height={36} />
          <span className="article-view__name" data-testid="article-author">
            {personName(article.author.nickName)}
          </span>
        </Link>
        <span className="article-view__time">{relativeTime(article.publishTime ?? article.updateTime, t)}</span>
      </div>
      {article.declaration ? (
        <p className="article-view__declaration" data-testid="article-declaration">
          {article.declaration === 'ai_generated' ? (
            <span className="article-card__ai" data-testid="article-ai">
              {t('plaza.aiTag')}
            </span>
          ) : null}
          {t('plaza.declarationLine', { what: t(`plaza.declaration.${article.declaration}`) })}
        </p>
      ) : null}
      {media && media.type === 'video' ? (
        <video className="article-view__media" data-testid="article-video" src={media.url} poster={media.poster ?? undefined} controls playsInline preload="metadata" />
      ) : null}
      {media && media.type === 'audio' ? <audio className="article-view__audio" data-testid="article-audio" src={media.url} controls preload="metadata" /> : null}
      <Markdown className="article-view__content" source={article.content} />
      {article.images.length > 0 ? (
        <div className={article.images.length === 1 ? 'article-view__images article-view__images--one' : 'article-view__images'}>
          {article.images.map((src, i) => (
            <button key={`${src}-${i}`} type="button" className="article-view__image" data-testid="article-image" onClick={() => void previewImages(article.images, i)}>
              <img src={src} alt={t('plaza.imageAlt', { index: i + 1 })} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
      {media && media.type === 'image' && !article.images.includes(media.url) ? (
        <button type="button" className="article-view__image article-view__image--single" onClick={() => void previewImages([media.url], 0)}>
          <img src={media.url} alt={t('plaza.imageAlt', { index: 1 })} loading="lazy" />
        </button>
      ) : null}
    </article>
  );
}
