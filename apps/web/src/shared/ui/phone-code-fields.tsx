import { useTranslation } from 'react-i18next';
import { Field, type BoundField } from './form';
import { SmsCodeButton } from './sms-code-button';

/** What the phone + code fields need from a `useForm` form that has `phone` and `code` values. */
interface PhoneCodeForm {
  values: { phone: string; code: string };
  field(key: 'phone' | 'code'): BoundField;
  setError(key: string, message: string | undefined): void;
}

/**
 * The phone field and the SMS code field with its send button (60 s countdown), shared by SMS login,
 * forgot password, bind phone and change phone. Send errors land under the field they concern.
 */
export function PhoneCodeFields({ form, phoneLabel }: { form: PhoneCodeForm; phoneLabel?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        {...form.field('phone')}
        label={phoneLabel ?? t('form.field.phone')}
        placeholder={t('form.field.phonePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={15}
      />
      <Field
        {...form.field('code')}
        label={t('form.field.code')}
        placeholder={t('form.field.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        extra={
          <SmsCodeButton
            phone={form.values.phone}
            onPhoneError={(key) => form.setError('phone', key ? t(key) : undefined)}
            onSendError={(message) => form.setError('code', message)}
          />
        }
      />
    </>
  );
}
