import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { FormError, SubmitButton } from '../../../shared/ui/form';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { PhoneCodeFields } from '../../../shared/ui/phone-code-fields';
import { useForm } from '../../../shared/lib/use-form';
import { checkPassword, checkPhone, checkSmsCode } from '../../../shared/lib/validate';
import { resetPasswordBySms } from '../api/login';

/** Spec §2 forgot password: phone + SMS code + new password (changePwdBySms ends every session). */
export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ phone: '', code: '', password: '', confirm: '' }, { phone: checkPhone, code: checkSmsCode, password: checkPassword });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const mismatch = form.values.confirm !== form.values.password ? 'form.error.confirmMismatch' : undefined;
    void form.run(
      async () => {
        await resetPasswordBySms({ phone: form.values.phone.trim(), code: form.values.code.trim(), password: form.values.password });
        showToast(t('auth.forget.done'), 'success');
        await navigate('/pages/user/passwd', { replace: true });
      },
      { confirm: mismatch },
    );
  };

  return (
    <form className="form-page" data-testid="forget-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro">{t('auth.forget.intro')}</p>
      <div className="form-card">
        <PhoneCodeFields form={form} />
        <NewPasswordFields form={form} name="password" />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('auth.forget.submit')}</SubmitButton>
      </div>
    </form>
  );
}
