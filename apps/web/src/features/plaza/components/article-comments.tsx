import type { Comment } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../../shared/lib/person-name';
import { showToast } from '../../../shared/ui/feedback';
import { commentsInfiniteOptions, useAddComment } from '../api/comments';
import { CommentInput } from './comment-input';
import { CommentList } from './comment-list';
import { InfiniteFooter } from './infinite-footer';
import { ListLoading } from './list-states';
import { useLoggedIn, useRequireLogin } from './use-login-prompt';

/** An article's comments (paged, with replies) and the input under them: a comment, or a reply to one (after login). */
export function ArticleComments({ articleId, total }: { articleId: number; total: number }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const loggedIn = useLoggedIn();
  const requireLogin = useRequireLogin();
  const comments = useInfiniteQuery(commentsInfiniteOptions(articleId));
  const addComment = useAddComment(articleId);
  const [replyTo, setReplyTo] = useState<Comment | undefined>();
  const threads = comments.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <section className="article-comments">
        <h2 className="article-comments__title">{t('plaza.comment.title', { total })}</h2>
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
    </>
  );
}
