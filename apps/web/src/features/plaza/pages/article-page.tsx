import type { Comment } from '@app/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/lib/api/api-error';
import { EmptyState } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import {
  absoluteLink,
  articleDetailQueryOptions,
  blockUser,
  unblockUser,
  invalidatePlaza,
  reportArticle,
  shareArticle,
} from '../api/articles';
import { useToggleLike } from '../api/likes';
import { copyText } from '../../../shared/lib/clipboard';
import { commentsInfiniteOptions, useAddComment } from '../api/comments';
import { ArticleView } from '../components/article-view';
import { CommentInput } from '../components/comment-input';
import { CommentList } from '../components/comment-list';
import { InfiniteFooter } from '../components/infinite-footer';
import { ListError, ListLoading } from '../components/list-states';
import { CommentIcon, HeartIcon, ShareIcon } from '../components/plaza-icons';
import { useLoggedIn, useRequireLogin } from '../components/use-login-prompt';
import { MissingId } from '../../../shared/ui/missing-id';
import './article.css';
import { switchTab } from '../../../shared/lib/tabs';
import { usePersonName } from '../../../shared/lib/person-name';

export const REPORT_REASONS = ['spam', 'porn', 'politics', 'abuse', 'fraud', 'copyright', 'other'] as const;

/** Spec §2 article detail (whitelisted): the work, like, comments with replies, share, report, block author. */
export function ArticlePage() {
  const { t } = useTranslation();
  const personName = usePersonName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const loggedIn = useLoggedIn();
  const requireLogin = useRequireLogin();
  const detail = useQuery(articleDetailQueryOptions(id));
  const comments = useInfiniteQuery(commentsInfiniteOptions(id));
  const like = useToggleLike(id);
  const addComment = useAddComment(id);
  const [replyTo, setReplyTo] = useState<Comment | undefined>();

  if (id <= 0) return <MissingId what={t('plaza.what.article')} back="/pages/plaza/index" />;
  if (detail.isPending) return <ListLoading testId="article-loading" />;
  if (detail.isError || !detail.data) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    const blockedAuthor =
      isApiError(detail.error) && detail.error.error === 'article_author_blocked' ? Number(detail.error.extras.authorId) : 0;
    if (blockedAuthor > 0) {
      const handleUnblock = async () => {
        await unblockUser(blockedAuthor);
        showToast(t('plaza.block.unblocked'), 'success');
        void invalidatePlaza(queryClient);
        await detail.refetch();
      };
      return (
        <EmptyState
          image="lost"
          title={t('plaza.block.blockedTitle')}
          description={t('plaza.block.blockedHint')}
          testId="article-blocked"
          action={
            <button type="button" className="app-button" data-testid="article-unblock" onClick={() => void handleUnblock()}>
              {t('plaza.block.unblock')}
            </button>
          }
        />
      );
    }
    return missing ? (
      <EmptyState image="lost" title={t('plaza.notFound')} testId="article-missing" />
    ) : (
      <ListError onRetry={() => void detail.refetch()} testId="article-error" />
    );
  }
  const article = detail.data;
  const threads = comments.data?.pages.flatMap((p) => p.items) ?? [];
  const commentTotal = comments.data?.pages[0]?.total ?? article.commentCount;

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

  const handleReport = async () => {
    if (!(await requireLogin())) return;
    const { default: ActionSheet } = await import('antd-mobile/es/components/action-sheet');
    ActionSheet.show({
      extra: t('plaza.report.title'),
      cancelText: t('common.cancel'),
      closeOnAction: true,
      actions: REPORT_REASONS.map((reason) => ({
        key: reason,
        text: t(`plaza.report.reason.${reason}`),
        onClick: () =>
          void reportArticle(article.id, t(`plaza.report.reason.${reason}`)).then(
            () => showToast(t('plaza.report.done'), 'success'),
            () => undefined,
          ),
      })),
    });
  };

  const handleBlock = async () => {
    if (!(await requireLogin())) return;
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('plaza.block.title'),
      content: t('plaza.block.content', { name: personName(article.author.nickName) }),
      confirmText: t('plaza.block.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await blockUser(article.author.id);
    } catch {
      return;
    }
    showToast(t('plaza.block.done'), 'success');
    queryClient.removeQueries({ queryKey: ['plaza', 'detail'] });
    await invalidatePlaza(queryClient);
    switchTab(navigate, '/pages/plaza/index');
  };

  const handleMore = async () => {
    const { default: ActionSheet } = await import('antd-mobile/es/components/action-sheet');
    const actions = [
      { key: 'poster', text: t('plaza.poster.open'), onClick: () => void navigate(`/pages/detail/banner?articleId=${article.id}`) },
      { key: 'video', text: t('plaza.makeVideo'), onClick: () => void navigate(`/media/video/index?articleId=${article.id}`) },
      ...(article.isMine
        ? [{ key: 'edit', text: t('plaza.post.edit'), onClick: () => void navigate(`/pages/detail/post?id=${article.id}`) }]
        : [
            { key: 'report', text: t('plaza.report.action'), onClick: () => void handleReport() },
            { key: 'block', text: t('plaza.block.action'), danger: true, onClick: () => void handleBlock() },
          ]),
    ];
    ActionSheet.show({ actions, cancelText: t('common.cancel'), closeOnAction: true });
  };

  return (
    <div className="article-page" data-testid="article-page">
      <ArticleView article={article} />
      <div className="article-actions">
        <button type="button" className={article.liked ? 'article-actions__item article-actions__item--on' : 'article-actions__item'} data-testid="article-like" aria-pressed={article.liked} onClick={() => void handleLike()}>
          <HeartIcon filled={article.liked} />
          <span data-testid="article-like-count">{article.likeCount}</span>
        </button>
        <span className="article-actions__item">
          <CommentIcon />
          <span data-testid="article-comment-count">{commentTotal}</span>
        </span>
        <button type="button" className="article-actions__item" data-testid="article-share" onClick={() => void handleShare()}>
          <ShareIcon />
          <span>{t('plaza.share.action')}</span>
        </button>
        <button type="button" className="article-actions__item" data-testid="article-more" aria-label={t('plaza.more')} onClick={() => void handleMore()}>
          <span aria-hidden="true">⋯</span>
        </button>
      </div>
      <section className="article-comments">
        <h2 className="article-comments__title">{t('plaza.comment.title', { total: commentTotal })}</h2>
        {comments.isPending ? (
          <ListLoading testId="comments-loading" />
        ) : threads.length === 0 ? (
          <p className="plaza-status" data-testid="comments-empty">{t('plaza.comment.empty')}</p>
        ) : (
          <>
            <CommentList threads={threads} onReply={(c) => void requireLogin().then((ok) => ok && setReplyTo(c))} />
            <InfiniteFooter hasMore={comments.hasNextPage} loading={comments.isFetchingNextPage} onMore={() => void comments.fetchNextPage()} />
          </>
        )}
      </section>
      <div className="article-page__input">
        <CommentInput
          loggedIn={loggedIn}
          busy={addComment.isPending}
          replyTo={replyTo ? personName(replyTo.author.nickName) : undefined}
          onCancelReply={() => setReplyTo(undefined)}
          onRequireLogin={() => void requireLogin()}
          onSubmit={async (content) => {
            await addComment.mutateAsync({ content, parentId: replyTo ? (replyTo.parentId ?? replyTo.id) : undefined });
            setReplyTo(undefined);
            showToast(t('plaza.comment.sent'), 'success');
          }}
        />
      </div>
    </div>
  );
}
