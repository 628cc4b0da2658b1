import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../shared/lib/time';
import { EmptyState } from '../../../shared/ui/empty-state';
import type { CommonInfo } from '@app/contract';
import { faqQueryOptions } from '../api/faq';
import {
  SERVICE_PEER_ID,
  SERVICE_REPLY_MINUTES,
  serviceMessagesQueryOptions,
  useSendServiceMessage,
} from '../api/service-chat';
import './help.css';

const SUGGESTIONS = 3;

/** The FAQ entries closest to a question: most characters of the title found in it; the first ones when none match. */
export const suggestFaq = (question: string, faq: readonly CommonInfo[]): CommonInfo[] => {
  const score = (title: string) => [...new Set(title.replace(/[\s\p{P}？?]/gu, ''))].filter((c) => question.includes(c)).length;
  const ranked = faq.map((f, i) => ({ f, i, s: score(f.title) })).sort((a, b) => b.s - a.s || a.i - b.i);
  return ranked.slice(0, SUGGESTIONS).map((r) => r.f);
};

/** Shown at once under a sent message: when to expect a reply, and FAQ entries that may already answer it. */
function Acknowledgement({ question }: { question: string }) {
  const { t } = useTranslation();
  const faq = useQuery(faqQueryOptions());
  const [open, setOpen] = useState<number | null>(null);
  const suggestions = suggestFaq(question, faq.data?.items ?? []);
  const answer = suggestions.find((f) => f.id === open);
  return (
    <>
      <div className="service-line service-line--operator" data-testid="service-ack">
        <div className="service-bubble">
          <p className="service-ack__text">{t('helpCentre.service.ack', { minutes: SERVICE_REPLY_MINUTES })}</p>
          {suggestions.length ? (
            <>
              <p className="service-ack__text">{t('helpCentre.service.suggest')}</p>
              <ul className="service-ack__faq">
                {suggestions.map((f) => (
                  <li key={f.id}>
                    <button type="button" className="service-ack__item" data-testid="service-faq" onClick={() => setOpen(f.id)}>
                      {f.title}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      {answer ? (
        <p className="service-line service-line--operator" data-testid="service-faq-answer">
          <span className="service-bubble">
            <strong>{answer.title}</strong>
            {'\n'}
            {answer.content}
          </span>
        </p>
      ) : null}
    </>
  );
}

/** Spec §2 customer service: a chat with profile 10086; operator replies appear live (hub) or by polling the history. */
export function ServicePage() {
  const { t } = useTranslation();
  const history = useQuery(serviceMessagesQueryOptions());
  const [text, setText] = useState('');
  // The last message sent on this screen: acknowledged at once, before an operator answers.
  const [sent, setSent] = useState<{ id: number; content: string } | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const send = useSendServiceMessage();
  const handleSend = () => {
    if (!text.trim()) return;
    send.mutate(text.trim(), {
      onSuccess: (message) => {
        setText('');
        setSent({ id: message.id, content: message.content });
      },
    });
  };
  const messages = [...(history.data?.items ?? [])].reverse();
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, sent]);
  const ack = sent ? <Acknowledgement key={sent.id} question={sent.content} /> : null;
  const ackShown = messages.some((m) => m.id === sent?.id);

  return (
    <div className="service-page" data-testid="service-page">
      <div className="service-log">
        <p className="service-line service-line--operator">
          <span className="service-bubble">{t('helpCentre.service.welcome')}</span>
        </p>
        {history.isError ? (
          <EmptyState image="network" title={t('helpCentre.loadFailed')} />
        ) : (
          messages.map((m) => {
            const operator = m.senderId === SERVICE_PEER_ID;
            return (
              <Fragment key={m.id}>
                <p
                  className={operator ? 'service-line service-line--operator' : 'service-line service-line--mine'}
                  data-testid={operator ? 'service-reply' : 'service-mine'}
                >
                  <span className="service-bubble">{m.content}</span>
                  <small className="service-time">{relativeTime(m.receiveTime, t)}</small>
                </p>
                {m.id === sent?.id ? ack : null}
              </Fragment>
            );
          })
        )}
        {ackShown ? null : ack}
        <div ref={end} />
      </div>
      <form
        className="service-compose"
        onSubmit={(e) => {
          e.preventDefault();
          handleSend();
        }}
      >
        <input
          className="service-compose__input"
          data-testid="service-input"
          maxLength={1000}
          value={text}
          placeholder={t('helpCentre.service.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="service-compose__send" data-testid="service-send" disabled={!text.trim() || send.isPending}>
          {t('helpCentre.service.send')}
        </button>
      </form>
    </div>
  );
}
