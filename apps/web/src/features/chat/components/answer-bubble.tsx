import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { copyText } from '../../../shared/lib/clipboard';
import { copiedAnswer, useAiTextLabel } from '../../../shared/lib/ai-label';
import { AiLabelNote } from '../../../shared/ui/ai-label-note';
import { StreamingMarkdown } from './streaming-markdown';

export interface AnswerView {
  text: string;
  status: 'pending' | 'streaming' | 'done' | 'stopped' | 'error';
  provider?: string | null;
  errorMessage?: string;
}

/** One answer of the robot: markdown, its state (writing, stopped, failed), the offline badge, copy, continue and regenerate. */
export function AnswerBubble({
  answer,
  onRegenerate,
  canRegenerate,
  onContinue,
}: {
  answer: AnswerView;
  onRegenerate?: () => void;
  canRegenerate: boolean;
  /** 继续生成: offered on a stopped answer. */
  onContinue?: () => void;
}) {
  const { t } = useTranslation();
  const aiLabel = useAiTextLabel();
  const live = answer.status === 'pending' || answer.status === 'streaming';
  return (
    <div className="chat-row chat-row--bot" data-testid="chat-answer" data-status={answer.status}>
      <div className="chat-bubble chat-bubble--bot">
        {answer.provider === 'offline' ? (
          <span className="chat-badge" data-testid="offline-badge">
            {t('chat.offline')}
          </span>
        ) : null}
        {answer.status === 'pending' && !answer.text ? (
          <span className="chat-typing" data-testid="chat-typing" aria-label={t('chat.thinking')}>
            <i />
            <i />
            <i />
          </span>
        ) : (
          <StreamingMarkdown source={answer.text} streaming={live} />
        )}
        {live && answer.text ? <span className="chat-caret" aria-hidden="true" /> : null}
        {answer.text ? <AiLabelNote /> : null}
        {answer.status === 'stopped' ? (
          <p className="chat-note" data-testid="answer-stopped">
            {t('chat.stopped')}
          </p>
        ) : null}
        {answer.status === 'error' ? (
          <p className="chat-note chat-note--error" data-testid="answer-error">
            {answer.errorMessage ?? t('request.failed')}
          </p>
        ) : null}
      </div>
      {live ? null : (
        <div className="chat-actions">
          {answer.text ? (
            <button
              type="button"
              className="chat-action"
              data-testid="answer-copy"
              onClick={() => {
                void copyText(copiedAnswer(answer.text, aiLabel)).then((ok) => showToast(ok ? t('toast.copied') : t('chat.copyFailed'), ok ? 'success' : 'fail'));
              }}
            >
              {t('chat.copy')}
            </button>
          ) : null}
          {answer.status === 'stopped' && onContinue ? (
            <button type="button" className="chat-action" data-testid="answer-continue" onClick={onContinue}>
              {t('chat.continue')}
            </button>
          ) : null}
          {canRegenerate && onRegenerate ? (
            <button type="button" className="chat-action" data-testid="answer-regenerate" onClick={onRegenerate}>
              {t('chat.regenerate')}
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
