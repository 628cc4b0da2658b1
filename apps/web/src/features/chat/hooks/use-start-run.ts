import type { ChatSendBody } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChatRun } from '../api/chat-run';
import { showRefusal } from '../lib/failure';

/**
 * Starts an answer and opens it on the copy page once the server accepted it (or shows why it did not);
 * `onStarted` runs first (the form's draft is sent).
 */
export const useStartRun = (onStarted: () => void) => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async (body: ChatSendBody) => {
    setBusy(true);
    const run = new ChatRun(body);
    const started = await run.started;
    setBusy(false);
    if (started) {
      onStarted();
      void navigate(`/pages/detail/copy?messageId=${started.messageId}`);
      return;
    }
    const go = await showRefusal(run.state.refusal, run.state.errorMessage);
    if (go) void navigate(go);
  };
  return { busy, start };
};
