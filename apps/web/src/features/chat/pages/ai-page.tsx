import { useTranslation } from 'react-i18next';
import { getTokenPayload, useAppStore } from '../../../shared/lib/app-store';
import { isGuest, isTokenValid } from '../../../shared/lib/token';
import { ChatQuota } from '../components/chat-quota';
import { ChatTurns } from '../components/chat-turns';
import { ChatWelcome } from '../components/chat-welcome';
import { Composer } from '../components/composer';
import { useChatHistory } from '../hooks/use-chat-history';
import { useChatRuns } from '../hooks/use-chat-runs';
import { useChatScroll } from '../hooks/use-chat-scroll';
import './chat.css';

const useCanAsk = (): boolean => {
  const session = useAppStore((s) => s.session);
  return !!session && (isTokenValid(session.accessToken) || isTokenValid(session.refreshToken)) && !isGuest(getTokenPayload());
};

/** The AI copy tab (spec §2 `/pages/index/ai`). */
export function AiPage() {
  const { t } = useTranslation();
  const canAsk = useCanAsk();
  const { history, past } = useChatHistory(canAsk);
  const scroll = useChatScroll({
    pageCount: history.data?.pages.length ?? 0,
    hasNextPage: history.hasNextPage,
    isFetchingNextPage: history.isFetchingNextPage,
    fetchNextPage: history.fetchNextPage,
  });
  const runs = useChatRuns({ canAsk, past, onStart: scroll.stick });

  return (
    <div className="chat-page" ref={scroll.page} data-testid="chat-page">
      <ChatQuota canAsk={canAsk} />
      <div className="chat-list" ref={scroll.list} onScroll={scroll.onScroll} data-testid="chat-list">
        <div ref={scroll.content} className="chat-list__inner">
          {history.isFetchingNextPage ? <p className="chat-status">{t('common.loading')}</p> : null}
          {canAsk && history.hasNextPage === false && past.length > 0 ? <p className="chat-status">{t('chat.historyEnd')}</p> : null}
          <ChatWelcome disabled={runs.streaming} onAsk={runs.ask} />
          <ChatTurns
            turns={[...past, ...runs.turns]}
            continued={runs.continued}
            onRegenerate={runs.regenerate}
            onContinue={(turnKey, messageId, text) => void runs.continueAnswer(turnKey, messageId, text)}
          />
        </div>
      </div>
      <Composer streaming={runs.streaming} stopping={runs.stopping} onSend={runs.ask} onStop={runs.stop} />
    </div>
  );
}
