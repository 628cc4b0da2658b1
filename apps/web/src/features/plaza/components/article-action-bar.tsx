import type { ArticleDetail } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/lib/clipboard';
import { showToast } from '../../../shared/ui/feedback';
import { absoluteLink, shareArticle } from '../api/articles';
import { useToggleLike } from '../api/likes';
import { useArticleMenu } from '../hooks/use-article-menu';
import { CommentIcon, HeartIcon, ShareIcon } from './plaza-icons';
import { useRequireLogin } from './use-login-prompt';

/** Under an article: like (after login), the comment count, share (its link copied) and the ⋯ menu. */
export function ArticleActionBar({ article, commentTotal }: { article: ArticleDetail; commentTotal: number }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const like = useToggleLike(article.id);
  const handleMore = useArticleMenu(article);

  const handleLike = async () => {
    if (!(await requireLogin()) || like.isPending) return;
    like.mutate(!article.liked);
  };
  const handleShare = async () => {
    const result = await shareArticle(article.id).catch(() => undefined);
    const title = result?.shareTitle ?? article.shareTitle;
    const link = absoluteLink(result?.shareLink ?? article.shareLink);
    const copied = await copyText(`${title} ${link}`);
    showToast(copied ? t('toast.copied') : t('toast.operationFailed'), copied ? 'success' : 'fail');
  };

  // A work in review or refused is its author's alone: nothing to like or share, only the ⋯ menu (edit, delete).
  const published = article.status !== 'pending' && article.status !== 'rejected';
  return (
    <div className="article-actions">
      {published ? (
        <>
          <button
            type="button"
            className={
              article.liked ? 'article-actions__item article-actions__item--on' : 'article-actions__item'
            }
            data-testid="article-like"
            aria-pressed={article.liked}
            onClick={() => void handleLike()}
          >
            <HeartIcon filled={article.liked} />
            <span data-testid="article-like-count">{article.likeCount}</span>
          </button>
          <span className="article-actions__item">
            <CommentIcon />
            <span data-testid="article-comment-count">{commentTotal}</span>
          </span>
          <button
            type="button"
            className="article-actions__item"
            data-testid="article-share"
            onClick={() => void handleShare()}
          >
            <ShareIcon />
            <span>{t('plaza.share.action')}</span>
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="article-actions__item"
        data-testid="article-more"
        aria-label={t('plaza.more')}
        onClick={() => void handleMore()}
      >
        <span aria-hidden="true">⋯</span>
      </button>
    </div>
  );
}
