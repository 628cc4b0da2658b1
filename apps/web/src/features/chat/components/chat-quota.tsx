import { CHAT_STOPPED_FREE_CHARS } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { quotaQueryOptions } from '../api/chat';

/** Above the chat: how many questions are left today (or unlimited) and the rule for stopped answers. */
export function ChatQuota({ canAsk }: { canAsk: boolean }) {
  const { t } = useTranslation();
  const quota = useQuery(quotaQueryOptions(canAsk));
  if (!quota.data) return null;
  return (
    <div className="chat-quota" data-testid="chat-quota">
      <span data-testid="chat-quota-count">
        {quota.data.remaining === null
          ? t('chat.quota.unlimited')
          : t('chat.quota.remaining', { count: quota.data.remaining })}
      </span>
      {quota.data.remaining !== null ? (
        <span className="chat-quota__rule" data-testid="chat-quota-rule">
          {t('chat.quota.rule', { chars: CHAT_STOPPED_FREE_CHARS })}
        </span>
      ) : null}
    </div>
  );
}
