import type { Comment, CommentThread } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../shared/lib/time';
import { usePersonName } from '../../../shared/lib/person-name';

interface CommentListProps {
  threads: readonly CommentThread[];
  /** Tapping a comment answers it (the reply attaches to its top-level comment). */
  onReply: (comment: Comment) => void;
}

function CommentRow({ comment, onReply, reply = false }: { comment: Comment; onReply: (c: Comment) => void; reply?: boolean }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  return (
    <div className={reply ? 'comment comment--reply' : 'comment'} data-testid={reply ? 'comment-reply' : 'comment'} data-id={comment.id}>
      <img className="comment__avatar" src={comment.author.avatar} alt="" width={reply ? 24 : 32} height={reply ? 24 : 32} loading="lazy" />
      <div className="comment__main">
        <p className="comment__author">
          {personName(comment.author.nickName)}
          {comment.replyTo ? <span className="comment__reply-to">{t('plaza.comment.replyTo', { name: personName(comment.replyTo.nickName) })}</span> : null}
        </p>
        <button type="button" className="comment__content" data-testid="comment-content" onClick={() => onReply(comment)}>
          {comment.content}
        </button>
        <p className="comment__time">{relativeTime(comment.createTime, t)}</p>
      </div>
    </div>
  );
}

/** Top-level comments, newest first, each with its replies (one level deep). */
export function CommentList({ threads, onReply }: CommentListProps) {
  return (
    <ul className="comment-list" data-testid="comment-list">
      {threads.map((thread) => (
        <li key={thread.id} className="comment-list__thread">
          <CommentRow comment={thread} onReply={onReply} />
          {thread.replies.length > 0 ? (
            <div className="comment-list__replies">
              {thread.replies.map((reply) => (
                <CommentRow key={reply.id} comment={reply} onReply={onReply} reply />
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
