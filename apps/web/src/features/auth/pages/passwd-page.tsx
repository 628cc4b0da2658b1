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
      { agreement: agreed ? undefined : 'user.agreement.required' },
    );
  };

  return (
    <form className="form-page" data-testid="passwd-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro">{t('user.passwd.intro')}</p>
      <div className="form-card">
        <Field {...form.field('account')} label={t('user.field.account')} placeholder={t('user.field.accountPlaceholder')} autoComplete="username" maxLength={32} />
        <PasswordField {...form.field('password')} label={t('user.field.password')} placeholder={t('user.field.passwordPlaceholder')} autoComplete="current-password" />
        <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('user.login.submit')}</SubmitButton>
      </div>
      <div className="form-links">
        <Link to="/pages/user/login" state={location.state} data-testid="to-sms">
          {t('user.passwd.bySms')}
        </Link>
        <Link to="/pages/user/forget" data-testid="to-forget">
          {t('user.forget.link')}
        </Link>
      </div>
    </form>
  );
}
