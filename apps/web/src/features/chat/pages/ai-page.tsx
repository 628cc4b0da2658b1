import { CHAT_STOPPED_FREE_CHARS, type ChatSendBody } from '@app/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getTokenPayload, useAppStore } from '../../../shared/lib/app-store';
import { useDictionary } from '../../../shared/lib/dictionary';
import { isGuest, isTokenValid } from '../../../shared/lib/token';
import { chatKeys, historyInfiniteOptions, historyMeta, LOGIN_LINK, quotaQueryOptions } from '../api/chat';
import { ChatRun } from '../api/chat-run';
import { AnswerBubble } from '../components/answer-bubble';
import { Composer } from '../components/composer';
import { meansContinue } from '../lib/continue-words';
import { askLogin, showRefusal } from '../lib/failure';
import { useRun } from '../lib/use-run';
import './chat.css';

interface Turn {
  key: string;
  role: 'user' | 'assistant';
  text: string;
  status: 'pending' | 'streaming' | 'done' | 'stopped' | 'error';
  provider: string | null;
  /** The question an answer replies to (regenerate). */
  questionId: number | null;
  /** A stored answer's id (continue). */
  messageId: number | null;
  run?: ChatRun;
}


const useCanAsk = (): boolean => {
  const session = useAppStore((s) => s.session);
  return !!session && (isTokenValid(session.accessToken) || isTokenValid(session.refreshToken)) && !isGuest(getTokenPayload());
};

function LiveAnswer({
  run,
  onRegenerate,
  onContinue,
}: {
  run: ChatRun;
  onRegenerate: (questionId: number) => void;
  onContinue: (messageId: number, text: string) => void;
}) {
  const state = useRun(run);
  return (
    <AnswerBubble
      answer={state}
      canRegenerate={state.questionId !== undefined}
      onRegenerate={() => state.questionId !== undefined && onRegenerate(state.questionId)}
      onContinue={state.messageId !== undefined ? () => onContinue(state.messageId!, state.text) : undefined}
    />
  );
}

function UserBubble({ text }: { text: string }) {
  return (
    <div className="chat-row chat-row--me" data-testid="chat-question">
      <div className="chat-bubble chat-bubble--me">{text}</div>
    </div>
  );
}

/** The AI copy tab (spec §2 `/pages/index/ai`). */
export function AiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const canAsk = useCanAsk();
  const robot = useDictionary('robot');
  const quota = useQuery(quotaQueryOptions(canAsk));
  const history = useInfiniteQuery(historyInfiniteOptions(canAsk));
  const [turns, setTurns] = useState<Turn[]>([]);
  const [active, setActive] = useState<ChatRun | undefined>();
  /** Answers being continued, by turn key: the run writes on in the same bubble. */
  const [continued, setContinued] = useState<Record<string, ChatRun>>({});
  const activeState = useRun(active);
  const conversationId = useRef<number | undefined>(undefined);
  const list = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  const profile = useMemo(() => {
    const items = robot.data?.items ?? [];
    const data = (kind: string) => items.map((i) => i.data as { kind?: string; text?: string; nickName?: string; avatar?: string } | null).filter((d) => d?.kind === kind);
    return {
      name: data('profile')[0]?.nickName ?? t('chat.robotName'),
      welcome: data('welcome')[0]?.text ?? t('chat.welcome'),
      questions: data('question').map((d) => d?.text ?? '').filter(Boolean),
    };
  }, [robot.data, t]);

  const past: Turn[] = useMemo(() => {
    const items = (history.data?.pages ?? []).flatMap((p) => p.items);
    const seen = new Set<number>();
    const out: Turn[] = [];
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      const meta = historyMeta(item);
      out.push({
        key: `h${item.id}`,
        role: meta.role,
        text: item.content,
        status: meta.status === 'streaming' ? 'stopped' : meta.status,
        provider: meta.provider,
        questionId: meta.role === 'assistant' ? meta.replyTo : item.id,
        messageId: meta.role === 'assistant' ? item.id : null,
      });
    }
    return out.reverse();
  }, [history.data]);

  // Leaving the page closes the stream (the server stops and keeps the partial answer).
  const runsRef = useRef<ChatRun[]>([]);
  useEffect(() => () => runsRef.current.forEach((r) => r.abort()), []);

  // Stay at the bottom while the answer grows, unless the user scrolled up to read.
  useEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current && list.current) list.current.scrollTop = list.current.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Phones: keep the composer above the on-screen keyboard (the visual viewport shrinks, the layout one may not).
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const fit = () => {
      const keyboard = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      page.current?.style.setProperty('--chat-keyboard', `${keyboard}px`);
      if (keyboard > 0 && stick.current && list.current) list.current.scrollTop = list.current.scrollHeight;
    };
    viewport.addEventListener('resize', fit);
    viewport.addEventListener('scroll', fit);
    return () => {
      viewport.removeEventListener('resize', fit);
      viewport.removeEventListener('scroll', fit);
    };
  }, []);

  // Older history prepended: keep what the user was looking at in place.
  const heightBefore = useRef<number | null>(null);
  const pageCount = history.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (heightBefore.current !== null) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (pageCount === 1) el.scrollTop = el.scrollHeight;
  }, [pageCount]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60 && history.hasNextPage && !history.isFetchingNextPage) {
      heightBefore.current = el.scrollHeight;
      void history.fetchNextPage();
    }
  };

  const start = useCallback(
    async (body: ChatSendBody, question?: string) => {
      if (!canAsk) {
        if (await askLogin()) void navigate(LOGIN_LINK, { state: { from: pathname } });
        return;
      }
      const run = new ChatRun({ ...body, conversationId: conversationId.current });
      runsRef.current.push(run);
      stick.current = true;
      const key = `r${runsRef.current.length}`;
      setTurns((old) => [
        ...old,
        ...(question ? [{ key: `${key}q`, role: 'user' as const, text: question, status: 'done' as const, provider: null, questionId: null, messageId: null }] : []),
        { key, role: 'assistant', text: '', status: 'pending', provider: null, questionId: null, messageId: null, run },
      ]);
      setActive(run);
      void run.started.then((e) => {
        if (e) conversationId.current = e.conversationId;
      });
      await run.finished;
      void queryClient.invalidateQueries({ queryKey: chatKeys.quota });
      if (run.state.refusal) {
        setTurns((old) => old.filter((turn) => turn.run !== run));
        const go = await showRefusal(run.state.refusal);
        if (go) void navigate(go, { state: { from: pathname } });
      }
    },
    [canAsk, navigate, pathname, queryClient],
  );

  /** Continue: the stopped answer goes on in its own bubble (same message on the server). */
  const continueAnswer = async (turnKey: string, messageId: number, text: string) => {
    if (active?.running) return;
    const run = new ChatRun({ content: '', continueOf: messageId }, undefined, text);
    runsRef.current.push(run);
    setContinued((old) => ({ ...old, [turnKey]: run }));
    setActive(run);
    await run.finished;
    void queryClient.invalidateQueries({ queryKey: chatKeys.quota });
    if (run.state.refusal) {
      setContinued((old) => Object.fromEntries(Object.entries(old).filter(([, r]) => r !== run)));
      const go = await showRefusal(run.state.refusal);
      if (go) void navigate(go, { state: { from: pathname } });
    }
  };

  const ask = (text: string) => {
    // Typing "continue" after a stopped answer continues it, not a new question about that word.
    const last = [...past, ...turns].filter((turn) => turn.role === 'assistant').at(-1);
    const lastRun = last && (continued[last.key] ?? last.run);
    const state = lastRun?.state;
    const messageId = state ? state.messageId : last?.messageId;
    if (last && messageId && (state?.status ?? last.status) === 'stopped' && meansContinue(text)) {
      void continueAnswer(last.key, messageId, state?.text ?? last.text);
      return;
    }
    void start({ content: text }, text);
  };
  const regenerate = (questionId: number) => {
    if (active?.running) return;
    void start({ content: '', regenerateOf: questionId });
  };
  const streaming = !!active && (activeState.status === 'pending' || activeState.status === 'streaming');

  const remaining = quota.data
    ? quota.data.remaining === null
      ? t('chat.quota.unlimited')
      : t('chat.quota.remaining', { count: quota.data.remaining })
    : '';

  return (
    <div className="chat-page" ref={page} data-testid="chat-page">
      {remaining ? (
        <div className="chat-quota" data-testid="chat-quota">
          <span data-testid="chat-quota-count">{remaining}</span>
          {quota.data?.remaining !== null ? (
            <span className="chat-quota__rule" data-testid="chat-quota-rule">
              {t('chat.quota.rule', { chars: CHAT_STOPPED_FREE_CHARS })}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="chat-list" ref={list} onScroll={onScroll} data-testid="chat-list">
        <div ref={content} className="chat-list__inner">
          {history.isFetchingNextPage ? <p className="chat-status">{t('common.loading')}</p> : null}
          {canAsk && history.hasNextPage === false && past.length > 0 ? <p className="chat-status">{t('chat.historyEnd')}</p> : null}
          <div className="chat-welcome" data-testid="chat-welcome">
            <p className="chat-welcome__name">{profile.name}</p>
            <p className="chat-welcome__text">{profile.welcome}</p>
            {profile.questions.length ? (
              <div className="chat-suggest">
                {profile.questions.map((q) => (
                  <button key={q} type="button" className="chat-suggest__item" data-testid="chat-suggestion" disabled={streaming} onClick={() => ask(q)}>
                    {q}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          {[...past, ...turns].map((turn) => {
            if (turn.role === 'user') return <UserBubble key={turn.key} text={turn.text} />;
            const onContinue = (messageId: number, text: string) => void continueAnswer(turn.key, messageId, text);
            const run = continued[turn.key] ?? turn.run;
            return run ? (
              <LiveAnswer key={turn.key} run={run} onRegenerate={regenerate} onContinue={onContinue} />
            ) : (
              <AnswerBubble
                key={turn.key}
                answer={turn}
                canRegenerate={turn.questionId !== null}
                onRegenerate={() => turn.questionId !== null && regenerate(turn.questionId)}
                onContinue={turn.messageId !== null ? () => onContinue(turn.messageId!, turn.text) : undefined}
              />
            );
          })}
        </div>
      </div>
      <Composer
        streaming={streaming}
        stopping={activeState.stopping}
        onSend={ask}
        onStop={() => void active?.stop()}
      />
    </div>
  );
}
