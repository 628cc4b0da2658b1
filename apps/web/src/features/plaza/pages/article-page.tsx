import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { articleDetailQueryOptions } from '../api/articles';
import { commentsInfiniteOptions } from '../api/comments';
import { ArticleActionBar } from '../components/article-action-bar';
import { ArticleComments } from '../components/article-comments';
import { ArticleUnavailable } from '../components/article-unavailable';
import { ArticleView } from '../components/article-view';
import { ListLoading } from '../components/list-states';
import { MissingId } from '../../../shared/ui/missing-id';
import './article.css';

/** Spec §2 article detail (whitelisted): the work, like, comments with replies, share, report, block author. */
export function ArticlePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = useQuery(articleDetailQueryOptions(id));
  const comments = useInfiniteQuery(commentsInfiniteOptions(id));

  if (id <= 0) return <MissingId what={t('plaza.what.article')} back="/pages/plaza/index" />;
  if (detail.isPending) return <ListLoading testId="article-loading" />;
  if (detail.isError || !detail.data) return <ArticleUnavailable detail={detail} />;
  const article = detail.data;
  // The comments' own total once loaded (it follows comments added here), the article's count until then.
  const commentTotal = comments.data?.pages[0]?.total ?? article.commentCount;

  return (
    <div className="article-page" data-testid="article-page">
      <ArticleView article={article} />
      <ArticleActionBar article={article} commentTotal={commentTotal} />
      {article.status === 'pending' || article.status === 'rejected' ? null : (
        <ArticleComments articleId={article.id} total={commentTotal} />
      )}
    </div>
  );
}
