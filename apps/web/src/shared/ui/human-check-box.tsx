import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHumanChallenge } from '../lib/session';
import { solveHumanCheck } from '../lib/human-check';

interface HumanCheckBoxProps {
  /** The solved check, for the send the server asked it for. */
  onSolved(payload: string): void;
}

/** The human check the server asks for after several SMS codes: one tap, then a second or two of the phone's work. */
export function HumanCheckBox({ onSolved }: HumanCheckBoxProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'solving' | 'failed'>('idle');

  const start = async () => {
    setState('solving');
    try {
      const payload = await solveHumanCheck(await fetchHumanChallenge());
      if (!payload) throw new Error('unsolved');
      setState('idle');
      onSolved(payload);
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="human-check" data-testid="human-check" role="group" aria-label={t('form.humanCheck.title')}>
      <p className="human-check__text">{t('form.humanCheck.why')}</p>
      <button type="button" className="human-check__button" data-testid="human-check-start" disabled={state === 'solving'} onClick={() => void start()}>
        {state === 'solving' ? t('form.humanCheck.solving') : t('form.humanCheck.start')}
      </button>
      {state === 'failed' ? <p className="human-check__error" role="alert">{t('form.humanCheck.failed')}</p> : null}
    </div>
  );
}
