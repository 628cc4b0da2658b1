import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../../shared/lib/dictionary';

/** The robot's greeting at the top of the chat (its name, welcome and suggested questions, from the `robot` dictionary). */
export function ChatWelcome({ disabled, onAsk }: { disabled: boolean; onAsk: (question: string) => void }) {
  const { t } = useTranslation();
  const robot = useDictionary('robot');
  const profile = useMemo(() => {
    const items = robot.data?.items ?? [];
    const data = (kind: string) => items.map((i) => i.data as { kind?: string; text?: string; nickName?: string; avatar?: string } | null).filter((d) => d?.kind === kind);
    return {
      name: data('profile')[0]?.nickName ?? t('chat.robotName'),
      welcome: data('welcome')[0]?.text ?? t('chat.welcome'),
      questions: data('question').map((d) => d?.text ?? '').filter(Boolean),
    };
  }, [robot.data, t]);
  return (
    <div className="chat-welcome" data-testid="chat-welcome">
      <p className="chat-welcome__name">{profile.name}</p>
      <p className="chat-welcome__text">{profile.welcome}</p>
      {profile.questions.length ? (
        <div className="chat-suggest">
          {profile.questions.map((q) => (
            <button key={q} type="button" className="chat-suggest__item" data-testid="chat-suggestion" disabled={disabled} onClick={() => onAsk(q)}>
              {q}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
