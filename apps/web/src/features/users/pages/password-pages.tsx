import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { baseInfoQueryKey } from '../../../shared/lib/session';
import { FormError, PasswordField, SubmitButton } from '../../../shared/ui/form';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { useForm } from '../../../shared/lib/use-form';
import { checkPassword, checkRequiredPassword } from '../../../shared/lib/validate';
import { changePassword, setPassword } from '../api/password';

/** Spec §2 change password: old + new (+ confirmation); every other session of the user ends. */
export function FixPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ oldPassword: '', newPassword: '', confirm: '' }, { oldPassword: checkRequiredPassword, newPassword: checkPassword });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(
      async () => {
        await changePassword({ oldPassword: form.values.oldPassword, newPassword: form.values.newPassword });
        showToast(t('users.passwordChanged'), 'success');
        await navigate(-1);
      },
      { confirm: form.values.confirm !== form.values.newPassword ? 'form.error.confirmMismatch' : undefined },
    );
  };

  return (
    <form className="form-page" data-testid="fixpwd-page" noValidate onSubmit={handleSubmit}>
      <div className="form-card">
        <PasswordField {...form.field('oldPassword')} label={t('users.oldPassword')} placeholder={t('users.oldPasswordPlaceholder')} autoComplete="current-password" />
        <NewPasswordFields form={form} name="newPassword" />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('common.confirm')}</SubmitButton>
      </div>
    </form>
  );
}

/** Spec §2 set password: the first password of an account registered by SMS. */
export function SetPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({ password: '', confirm: '' }, { password: checkPassword });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(
      async () => {
        await setPassword({ password: form.values.password });
        await queryClient.invalidateQueries({ queryKey: baseInfoQueryKey });
        showToast(t('users.passwordSet'), 'success');
        await navigate(-1);
      },
      { confirm: form.values.confirm !== form.values.password ? 'form.error.confirmMismatch' : undefined },
    );
  };

  return (
    <form className="form-page" data-testid="setpwd-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro">{t('users.setPasswordIntro')}</p>
      <div className="form-card">
        <NewPasswordFields form={form} name="password" />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('common.confirm')}</SubmitButton>
      </div>
    </form>
  );
}
