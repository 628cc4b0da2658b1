import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormError, SubmitButton } from '../../../shared/ui/form';
import { PhoneCodeFields } from '../../../shared/ui/phone-code-fields';
import { useForm } from '../../../shared/lib/use-form';
import { checkPhone, checkSmsCode } from '../../../shared/lib/validate';
import { AgreementCheck } from '../components/agreement-check';
import { useFinishLogin } from '../lib/finish-login';
import { bindPhone } from '../api/login';

/** Spec §2 bind phone: a WeChat identity (bind ticket of the WeChat login, `?ticket=`) gets a phone proven by SMS. */
export function BindPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const finish = useFinishLogin();
  const [agreed, setAgreed] = useState(false);
  const form = useForm({ phone: '', code: '' }, { phone: checkPhone, code: checkSmsCode });

  if (!ticket) return <EmptyState title={t('auth.bind.noTicketTitle')} description={t('auth.bind.noTicket')} testId="bind-no-ticket" />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(
      async () => {
        const tokens = await bindPhone({ bindTicket: ticket, phone: form.values.phone.trim(), code: form.values.code.trim() });
        await finish(tokens);
      },
      { agreement: agreed ? undefined : 'auth.agreement.required' },
    );
  };

  return (
    <form className="form-page" data-testid="bind-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro">{t('auth.bind.intro')}</p>
      <div className="form-card">
        <PhoneCodeFields form={form} />
        <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('auth.bind.submit')}</SubmitButton>
      </div>
    </form>
  );
}
