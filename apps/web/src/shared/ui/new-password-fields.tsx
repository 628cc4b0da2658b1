import { useTranslation } from 'react-i18next';
import { Field } from './form';

/** What the fields need from a `useForm` form with the new password under `name` and its `confirm`. */
interface NewPasswordForm<K extends string> {
  values: Record<K | 'confirm', string>;
  errors: Partial<Record<string, string>>;
  setValue(key: K | 'confirm'): (value: string) => void;
}

/** The new password and its confirmation, shared by forgot password and the account's password pages. */
export function NewPasswordFields<K extends string>({ form, name }: { form: NewPasswordForm<K>; name: K }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        name={name}
        label={t('form.field.newPassword')}
        placeholder={t('form.field.newPasswordPlaceholder')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={form.values[name]}
        onChange={form.setValue(name)}
        error={form.errors[name]}
      />
      <Field
        name="confirm"
        label={t('form.field.confirmPassword')}
        placeholder={t('form.field.confirmPasswordPlaceholder')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={form.values.confirm}
        onChange={form.setValue('confirm')}
        error={form.errors.confirm}
      />
    </>
  );
}
