import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../shared/lib/time';
import { EmptyState } from '../../../shared/ui/empty-state';
import { sendServiceMessage, SERVICE_PEER_ID, serviceMessagesQueryOptions, serviceQueryKey } from '../api/help';
import './help.css';

/** Spec §2 customer service: a chat with profile 10086; operator replies appear live (hub) or by polling the history. */
export function ServicePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const history = useQuery(serviceMessagesQueryOptions());
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: sendServiceMessage,
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: serviceQueryKey });
    },
  });
  const messages = [...(history.data?.items ?? [])].reverse();
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

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
              <p
                key={m.id}
                className={operator ? 'service-line service-line--operator' : 'service-line service-line--mine'}
                data-testid={operator ? 'service-reply' : 'service-mine'}
              >
                <span className="service-bubble">{m.content}</span>
                <small className="service-time">{relativeTime(m.receiveTime, t)}</small>
              </p>
            );
          })
        )}
        <div ref={end} />
      </div>
      <form
        className="service-compose"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) send.mutate(text.trim());
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
