import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api/api-error';
import { showToast } from './feedback';
import { HumanCheckBox } from './human-check-box';
import { sendCaptcha } from '../lib/session';
import { useCountdown } from '../lib/use-countdown';
import { checkPhone } from '../lib/validate';

export const DEFAULT_RESEND_SECONDS = 60;

interface SmsCodeButtonProps {
  phone: string;
  /** Shows a phone field message instead of sending (undefined clears it). */
  onPhoneError(message: string | undefined): void;
  onSent?(): void;
  /** The server's send failure (too frequent, daily cap …) for the code field. */
  onSendError?(message: string): void;
}

/** "Get code": checks the phone, sends the SMS code, then counts down 60 s (or the server's resendSeconds). */
export function SmsCodeButton({ phone, onPhoneError, onSent, onSendError }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const [checkAsked, setCheckAsked] = useState(false);

  const handleSend = async (humanCheck?: string) => {
    const error = checkPhone(phone);
    onPhoneError(error);
    if (error) return;
    setSending(true);
    try {
      const result = await sendCaptcha(phone, humanCheck);
      setCheckAsked(false);
      start(result.resendSeconds > 0 ? result.resendSeconds : DEFAULT_RESEND_SECONDS);
      showToast(t('form.codeSent'), 'success');
      onSent?.();
    } catch (caught) {
      // The server wants a human check first: show it; its solution sends the code.
      if (isApiError(caught) && caught.error === 'human_check_required') {
        setCheckAsked(true);
        return;
      }
      const message = isApiError(caught) ? caught.message : t('request.failed');
      if (onSendError) onSendError(message);
      else showToast(message, 'fail');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <button type="button" className="form-code-button" disabled={sending || left > 0} data-testid="send-code" onClick={() => void handleSend()}>
        {left > 0 ? t('form.resendIn', { seconds: left }) : t('form.getCode')}
      </button>
      {checkAsked ? <HumanCheckBox onSolved={(payload) => void handleSend(payload)} /> : null}
    </>
  );
}
