import { useTranslation } from 'react-i18next';
import { PasswordField, type BoundField } from './form';

/** What the fields need from a `useForm` form with the new password under `name` and its `confirm`. */
interface NewPasswordForm<K extends string> {
  field(key: K | 'confirm'): BoundField;
}

/** The new password and its confirmation, shared by forgot password and the account's password pages. */
export function NewPasswordFields<K extends string>({ form, name }: { form: NewPasswordForm<K>; name: K }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...form.field(name)}
        label={t('form.field.newPassword')}
        placeholder={t('form.field.newPasswordPlaceholder')}
        autoComplete="new-password"
      />
      <PasswordField
        {...form.field('confirm')}
        label={t('form.field.confirmPassword')}
        placeholder={t('form.field.confirmPasswordPlaceholder')}
        autoComplete="new-password"
      />
    </>
  );
}
