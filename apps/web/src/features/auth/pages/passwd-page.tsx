import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Field, FormError, PasswordField, SubmitButton } from '../../../shared/ui/form';
import { useForm } from '../../../shared/lib/use-form';
import { checkPassword } from '../../../shared/lib/validate';
import { AgreementCheck } from '../components/agreement-check';
import { useFinishLogin } from '../lib/finish-login';
import { checkAccount } from '../lib/validate';
import { passwordLogin } from '../api/login';

/** Spec §2 password login: phone or account name + password (5 wrong passwords lock the account 30 min). */
export function PasswdPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const finish = useFinishLogin();
  const [agreed, setAgreed] = useState(false);
  const form = useForm({ account: '', password: '' }, { account: checkAccount, password: checkPassword });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(
      async () => {
        const tokens = await passwordLogin({ account: form.values.account.trim(), password: form.values.password });
        await finish(tokens);
      },
      { agreement: agreed ? undefined : 'auth.agreement.required' },
    );
  };

  return (
    <form className="form-page" data-testid="passwd-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro">{t('auth.passwd.intro')}</p>
      <div className="form-card">
        <Field {...form.field('account')} label={t('auth.field.account')} placeholder={t('auth.field.accountPlaceholder')} autoComplete="username" maxLength={32} />
        <PasswordField {...form.field('password')} label={t('auth.field.password')} placeholder={t('auth.field.passwordPlaceholder')} autoComplete="current-password" />
        <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('auth.login.submit')}</SubmitButton>
      </div>
      <div className="form-links">
        <Link to="/pages/user/login" state={location.state} data-testid="to-sms">
          {t('auth.passwd.bySms')}
        </Link>
        <Link to="/pages/user/forget" data-testid="to-forget">
          {t('auth.forget.link')}
        </Link>
      </div>
    </form>
  );
}
