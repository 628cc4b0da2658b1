import { COMMENT_MAX } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';
import { showToast } from '../../../shared/ui/feedback';

export interface CommentInputProps {
  loggedIn: boolean;
  /** Asks a logged-out visitor to log in. */
  onRequireLogin: () => void;
  /** Sends the text; resolves when it is stored (the input is then emptied). */
  onSubmit: (content: string) => Promise<unknown>;
  /** Whom a reply answers, shown as the placeholder. */
  replyTo?: string;
  onCancelReply?: () => void;
  busy?: boolean;
}

/** Comment box of the article page: at most 140 characters (spec §9), asks to log in when logged out. */
export function CommentInput({ loggedIn, onRequireLogin, onSubmit, replyTo, onCancelReply, busy = false }: CommentInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const content = text.trim();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!loggedIn) {
      onRequireLogin();
      return;
    }
    if (!content || busy) return;
    void checkTextBeforeSend(content).then((problem) => {
      if (problem) return showToast(problem, 'fail');
      return onSubmit(content).then(
        () => setText(''),
        () => undefined,
      );
    });
  };

  return (
    <form className="comment-input" data-testid="comment-form" onSubmit={handleSubmit}>
      {replyTo ? (
        <button type="button" className="comment-input__reply" data-testid="comment-cancel-reply" onClick={onCancelReply}>
          {t('plaza.comment.replyingTo', { name: replyTo })}
        </button>
      ) : null}
      <input
        className="comment-input__field"
        data-testid="comment-input"
        value={text}
        maxLength={COMMENT_MAX}
        placeholder={replyTo ? t('plaza.comment.replyPlaceholder', { name: replyTo }) : t('plaza.comment.placeholder')}
        aria-label={t('plaza.comment.placeholder')}
        readOnly={!loggedIn}
        onFocus={(event) => {
          if (loggedIn) return;
          event.currentTarget.blur();
          onRequireLogin();
        }}
        onChange={(event) => setText(event.target.value.slice(0, COMMENT_MAX))}
      />
      <span className="comment-input__count" data-testid="comment-count">
        {t('plaza.comment.count', { length: text.length, max: COMMENT_MAX })}
      </span>
      <button type="submit" className="comment-input__send" data-testid="comment-send" disabled={loggedIn && (!content || busy)}>
        {t('plaza.comment.send')}
      </button>
    </form>
  );
}
