import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { chatKeys, messageDetailQueryOptions, saveMessage } from '../api/chat';
import { ChatRun, runs } from '../api/chat-run';
import { StreamingMarkdown } from '../components/streaming-markdown';
import { copyText } from '../../../shared/lib/clipboard';
import { copiedAnswer, useAiTextLabel } from '../../../shared/lib/ai-label';
import { AiLabelNote } from '../../../shared/ui/ai-label-note';
import { showRefusal } from '../lib/failure';
import { useRun } from '../lib/use-run';
import { copyHandOffPath } from '../../../shared/lib/copy-hand-off';
import { MissingId } from '../../../shared/ui/missing-id';
import { DetailError } from '../../../shared/ui/detail-error';
import './chat.css';
import './copy.css';

/**
 * Generated-copy page `/pages/detail/copy?messageId=`: shows the answer streaming (when the creation page
 * just started it), then lets the user edit, copy, save, continue (a stopped one), regenerate, or take the text to the post editor
 * (publishing to the plaza), dubbing and video.
 */
export function CopyPage() {
  const { t } = useTranslation();
  const aiLabel = useAiTextLabel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const messageId = Number(params.get('messageId') ?? params.get('id')) || 0;
  const [run, setRun] = useState<ChatRun | undefined>(() => runs.get(messageId));
  const live = useRun(run);
  const streaming = !!run && (live.status === 'pending' || live.status === 'streaming');
  const detail = useQuery({ ...messageDetailQueryOptions(messageId), enabled: messageId > 0 && !streaming });
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Leaving while it streams closes the stream (the server keeps the partial text as stopped).
  useEffect(() => () => run?.abort(), [run]);
  useEffect(() => {
    if (run && !streaming) {
      runs.delete(messageId);
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(messageId) });
    }
  }, [run, streaming, messageId, queryClient]);

  const text = useMemo(() => {
    if (run && (streaming || !detail.data)) return live.text;
    return detail.data?.content ?? '';
  }, [run, streaming, live.text, detail.data]);
  const provider = run ? live.provider : detail.data?.provider;
  const status = run && (streaming || !detail.data) ? live.status : (detail.data?.status ?? 'done');

  if (messageId <= 0) return <MissingId what={t('chat.page.what')} back="/pages/index/ai" />;
  if (!run && detail.isPending) return <p className="temps-status">{t('common.loading')}</p>;
  if (!run && !detail.data) return <DetailError error={detail.error} onRetry={() => void detail.refetch()} back="/pages/index/ai" />;

  const title = detail.data?.template?.title ?? '';
  const current = draft ?? text;

  const regenerate = async () => {
    const questionId = detail.data?.replyTo ?? live.questionId;
    if (!questionId || streaming) return;
    const next = new ChatRun({ content: '', regenerateOf: questionId });
    const start = await next.started;
    if (!start) {
      const go = await showRefusal(next.state.refusal, next.state.errorMessage);
      if (go) void navigate(go);
      return;
    }
    setDraft(null);
    setRun(next);
    void navigate(`/pages/detail/copy?messageId=${start.messageId}`, { replace: true });
  };

  // 继续生成: the stopped copy goes on in the same message.
  const continueCopy = async () => {
    if (streaming) return;
    const next = new ChatRun({ content: '', continueOf: messageId }, undefined, text);
    setDraft(null);
    setRun(next);
    if (!(await next.started)) {
      setRun(undefined);
      const go = await showRefusal(next.state.refusal, next.state.errorMessage);
      if (go) void navigate(go);
    }
  };

  const save = async () => {
    if (!current.trim()) {
      showToast(t('chat.page.empty'), 'fail');
      return;
    }
    setBusy(true);
    try {
      await saveMessage(messageId, current.trim());
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: chatKeys.detail(messageId) });
      showToast(t('toast.saved'), 'success');
    } catch {
      // the client showed the message
    } finally {
      setBusy(false);
    }
  };

  // Dubbing and video read the copy by its id: an unsaved edit is saved first, so they get what is on screen.
  const handOff = async (path: string) => {
    if (draft !== null && draft.trim() && draft.trim() !== text) {
      setBusy(true);
      try {
        await saveMessage(messageId, draft.trim());
        await queryClient.invalidateQueries({ queryKey: chatKeys.detail(messageId) });
      } catch {
        return; // the client showed the message
      } finally {
        setBusy(false);
      }
    }
    void navigate(copyHandOffPath(path, messageId));
  };

  return (
    <div className="copy-page" data-testid="copy-page" data-status={status}>
      <section className="copy-card">
        {title ? <h2 className="copy-card__title">{title}</h2> : null}
        {provider === 'offline' ? (
          <span className="chat-badge" data-testid="offline-badge">
            {t('chat.offline')}
          </span>
        ) : null}
        {draft !== null ? (
          <textarea className="copy-editor" data-testid="copy-editor" value={draft} maxLength={20000} aria-label={t('chat.page.editing')} onChange={(e) => setDraft(e.target.value)} />
        ) : (
          <div className="copy-text" data-testid="copy-text">
            {streaming && !text ? <p className="chat-note">{t('chat.page.generating')}</p> : <StreamingMarkdown source={text} streaming={streaming} />}
            {streaming && text ? <span className="chat-caret" aria-hidden="true" /> : null}
          </div>
        )}
        {text ? <AiLabelNote /> : null}
        {status === 'stopped' ? <p className="chat-note" data-testid="answer-stopped">{t('chat.stopped')}</p> : null}
        {status === 'error' ? <p className="chat-note chat-note--error">{live.errorMessage ?? t('request.failed')}</p> : null}
      </section>
      {streaming ? (
        <div className="copy-bar">
          <button type="button" className="copy-btn copy-btn--primary" data-testid="chat-stop" disabled={live.stopping} onClick={() => void run?.stop()}>
            {t('chat.stop')}
          </button>
        </div>
      ) : (
        <>
          <div className="copy-bar">
            {draft === null ? (
              <button type="button" className="copy-btn" data-testid="copy-edit" onClick={() => setDraft(text)}>
                {t('chat.page.edit')}
              </button>
            ) : (
              <button type="button" className="copy-btn" data-testid="copy-done" onClick={() => setDraft(null)}>
                {t('common.cancel')}
              </button>
            )}
            <button
              type="button"
              className="copy-btn"
              data-testid="copy-copy"
              onClick={() => void copyText(copiedAnswer(current, aiLabel)).then((ok) => showToast(ok ? t('toast.copied') : t('chat.copyFailed'), ok ? 'success' : 'fail'))}
            >
              {t('chat.copy')}
            </button>
            <button type="button" className="copy-btn" data-testid="copy-save" disabled={busy} onClick={() => void save()}>
              {t('chat.page.save')}
            </button>
            {status === 'stopped' && draft === null ? (
              <button type="button" className="copy-btn" data-testid="copy-continue" disabled={busy} onClick={() => void continueCopy()}>
                {t('chat.continue')}
              </button>
            ) : null}
            <button type="button" className="copy-btn" data-testid="copy-regenerate" disabled={busy} onClick={() => void regenerate()}>
              {t('chat.regenerate')}
            </button>
          </div>
          <div className="copy-bar">
            <button type="button" className="copy-btn copy-btn--primary" data-testid="copy-publish" disabled={busy} onClick={() => void handOff('/pages/detail/post')}>
              {t('chat.page.publish')}
            </button>
          </div>
          <div className="copy-links">
            <button type="button" className="copy-link" data-testid="copy-dub" disabled={busy} onClick={() => void handOff('/media/dub/index')}>
              {t('chat.page.dub')}
            </button>
            <button type="button" className="copy-link" data-testid="copy-video" disabled={busy} onClick={() => void handOff('/media/video/index')}>
              {t('chat.page.video')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
