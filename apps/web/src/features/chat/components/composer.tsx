import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';
import { useDraft } from '../../../shared/lib/use-draft';
import { showToast } from '../../../shared/ui/feedback';

export interface ComposerProps {
  streaming: boolean;
  stopping?: boolean;
  disabled?: boolean;
  maxLength?: number;
  onSend: (text: string) => void;
  onStop: () => void;
}

const MAX_ROWS_PX = 120;

/**
 * The question box: grows with its text (up to ~5 lines), send disabled while empty; while an answer
 * streams the send button becomes a stop button in the same place (same size), so a thumb already on
 * it can stop. Enter sends on desktop keyboards; Shift+Enter (and phone keyboards) add a line.
 */
export function Composer({ streaming, stopping = false, disabled = false, maxLength = 4000, onSend, onStop }: ComposerProps) {
  const { t } = useTranslation();
  // What is typed survives a reload or a network blip until it is sent.
  const [text, setText, draft] = useDraft('chat.question', '');
  const area = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_PX)}px`;
  }, [text]);

  const empty = text.trim().length === 0;
  const send = () => {
    if (empty || streaming || disabled) return;
    const question = text.trim();
    // Emoji and sensitive words are pointed out here, the question kept for editing.
    void checkTextBeforeSend(question).then((problem) => {
      if (problem) return showToast(problem, 'fail');
      onSend(question);
      draft.clear();
      setText('');
    });
  };

  return (
    <form
      className="chat-composer"
      data-testid="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        ref={area}
        className="chat-composer__input"
        data-testid="chat-input"
        rows={1}
        value={text}
        maxLength={maxLength}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        enterKeyHint="send"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && window.matchMedia?.('(pointer: fine)').matches) {
            e.preventDefault();
            send();
          }
        }}
      />
      {streaming ? (
        <button
          type="button"
          className="chat-composer__button chat-composer__button--stop"
          data-testid="chat-stop"
          aria-label={t('chat.stop')}
          disabled={stopping}
          onClick={onStop}
        >
          <span className="chat-stop-square" aria-hidden="true" />
        </button>
      ) : (
        <button
          type="submit"
          className="chat-composer__button"
          data-testid="chat-send"
          aria-label={t('chat.send')}
          disabled={empty || disabled}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
          </svg>
        </button>
      )}
    </form>
  );
}
