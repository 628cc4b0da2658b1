import type { DeletionLosses } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api/api-error';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { showToast } from '../../../shared/ui/feedback';
import { Field, PasswordField, type BoundField } from '../../../shared/ui/form';
import { sendDeleteCode } from '../api/account-deletion';

/** What the proof fields need from a `useForm` form with `code` and `password` values. */
interface ProofForm {
  field(key: 'code' | 'password'): BoundField;
  setError(key: string, message: string | undefined): void;
}

/** "Get code" for the account's own phone, with the resend countdown. */
function SendOwnCodeButton({ onError }: { onError(message: string | undefined): void }) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const handleSend = async () => {
    setSending(true);
    onError(undefined);
    try {
      start((await sendDeleteCode()).resendSeconds || 60);
      showToast(t('form.codeSent'), 'success');
    } catch (caught) {
      onError(isApiError(caught) ? caught.message : t('request.failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <button type="button" className="form-code-button" disabled={sending || left > 0} data-testid="send-code" onClick={() => void handleSend()}>
      {left > 0 ? t('form.resendIn', { seconds: left }) : t('form.getCode')}
    </button>
  );
}

/** The fresh proof a deletion needs: the SMS code of the bound phone, or the password. */
export function DeletionProofFields({
  proof,
  form,
  method,
  onMethod,
}: {
  proof: DeletionLosses['proof'];
  form: ProofForm;
  method: 'code' | 'password';
  onMethod(method: 'code' | 'password'): void;
}) {
  const { t } = useTranslation();
  const other = method === 'code' ? 'password' : 'code';
  const canSwitch = proof.phone !== null && proof.password;
  return (
    <div className="form-card" data-testid="deletion-proof">
      {method === 'code' ? (
        <>
          <p className="form-page__intro">{t('users.deletion.codeTo', { phone: proof.phone })}</p>
          <Field
            {...form.field('code')}
            label={t('form.field.code')}
            placeholder={t('form.field.codePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            extra={<SendOwnCodeButton onError={(message) => form.setError('code', message)} />}
          />
        </>
      ) : (
        <PasswordField {...form.field('password')} label={t('users.deletion.password')} placeholder={t('users.deletion.passwordPlaceholder')} />
      )}
      {canSwitch && (
        <button type="button" className="delete-proof__switch" data-testid="proof-switch" onClick={() => onMethod(other)}>
          {t(other === 'password' ? 'users.deletion.usePassword' : 'users.deletion.useCode')}
        </button>
      )}
    </div>
  );
}
