import { type ChatSendBody } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { chatKeys, LOGIN_LINK } from '../api/chat';
import { ChatRun } from '../api/chat-run';
import type { Turn } from '../lib/chat-turn';
import { meansContinue } from '../lib/continue-words';
import { askLogin, showRefusal } from '../lib/failure';
import { useRun } from '../lib/use-run';

/**
 * The answers asked on this page: each question starts a run (a streamed answer), regenerate and continue start
 * one on a past answer; a refused run is taken back and its reason shown. Leaving the page closes the streams
 * (the server stops and keeps the partial answer).
 */
export function useChatRuns({ canAsk, past, onStart }: { canAsk: boolean; past: Turn[]; onStart: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [active, setActive] = useState<ChatRun | undefined>();
  /** Answers being continued, by turn key: the run writes on in the same bubble. */
  const [continued, setContinued] = useState<Record<string, ChatRun>>({});
  const activeState = useRun(active);
  const conversationId = useRef<number | undefined>(undefined);
  const runsRef = useRef<ChatRun[]>([]);
  useEffect(() => () => runsRef.current.forEach((r) => r.abort()), []);

  const start = useCallback(
    async (body: ChatSendBody, question?: string) => {
      if (!canAsk) {
        if (await askLogin()) void navigate(LOGIN_LINK, { state: { from: pathname } });
        return;
      }
      const run = new ChatRun({ ...body, conversationId: conversationId.current });
      runsRef.current.push(run);
      onStart();
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
    [canAsk, navigate, pathname, queryClient, onStart],
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

  return {
    turns,
    continued,
    ask,
    regenerate,
    continueAnswer,
    streaming,
    stopping: activeState.stopping,
    stop: () => void active?.stop(),
  };
}
