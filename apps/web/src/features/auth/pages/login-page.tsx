import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormError, SubmitButton } from '../../../shared/ui/form';
import { PhoneCodeFields } from '../../../shared/ui/phone-code-fields';
import { useForm } from '../../../shared/lib/use-form';
import { checkPhone, checkSmsCode } from '../../../shared/lib/validate';
import { AgreementCheck } from '../components/agreement-check';
import { useFinishLogin } from '../lib/finish-login';
import { phoneLogin } from '../api/login';
import { showNotice } from '../../../shared/ui/feedback';

/** Spec §2 login: phone + SMS code (60 s resend countdown), the agreement checkbox; registers on first login. */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const finish = useFinishLogin();
  const [agreed, setAgreed] = useState(false);
  const form = useForm({ phone: '', code: '' }, { phone: checkPhone, code: checkSmsCode });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(
      async () => {
        const tokens = await phoneLogin({ phone: form.values.phone.trim(), code: form.values.code.trim() });
        await finish(tokens);
        // A new account without the welcome gift is told why (the message centre keeps the same notice).
        if (tokens.welcomeGiftWithheld)
          void showNotice(t(tokens.welcomeGiftWithheld === 'device' ? 'auth.login.giftWithheldDevice' : 'auth.login.giftWithheldIp'));
      },
      { agreement: agreed ? undefined : 'auth.agreement.required' },
    );
  };

  return (
    <form className="form-page" data-testid="login-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro">{t('auth.login.intro')}</p>
      <div className="form-card">
        <PhoneCodeFields form={form} />
        <AgreementCheck checked={agreed} onChange={setAgreed} error={form.errors.agreement} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('auth.login.submit')}</SubmitButton>
      </div>
      <div className="form-links">
        <Link to="/pages/user/passwd" state={location.state} data-testid="to-passwd">
          {t('auth.login.byPassword')}
        </Link>
        <Link to="/pages/user/forget">{t('auth.forget.link')}</Link>
      </div>
    </form>
  );
}
