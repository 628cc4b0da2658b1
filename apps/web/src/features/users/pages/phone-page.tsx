import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { baseInfoQueryKey, getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { FormError, SubmitButton } from '../../../shared/ui/form';
import { PhoneCodeFields } from '../../../shared/ui/phone-code-fields';
import { useForm } from '../../../shared/lib/use-form';
import { checkPhone, checkSmsCode } from '../../../shared/lib/validate';
import { changePhone } from '../api/phone';

/** Spec §2 change phone: the new phone, proven by an SMS code sent to it. */
export function PhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(getBaseInfoQueryOptions());
  const form = useForm({ phone: '', code: '' }, { phone: checkPhone, code: checkSmsCode });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(async () => {
      await changePhone({ phone: form.values.phone.trim(), code: form.values.code.trim() });
      await queryClient.invalidateQueries({ queryKey: baseInfoQueryKey });
      showToast(t('users.phoneChanged'), 'success');
      await navigate(-1);
    });
  };

  return (
    <form className="form-page" data-testid="phone-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro" data-testid="current-phone">
        {info.isPending ? t('common.loading') : t('users.currentPhone', { phone: info.data?.phone ?? t('users.noPhone') })}
      </p>
      <div className="form-card">
        <PhoneCodeFields form={form} phoneLabel={t('users.newPhone')} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('common.confirm')}</SubmitButton>
      </div>
    </form>
  );
}
