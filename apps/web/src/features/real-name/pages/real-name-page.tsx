import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Field, FormError, SubmitButton } from '../../../shared/ui/form';
import { useForm } from '../../../shared/lib/use-form';
import { checkIdCard, checkRealName } from '../lib/validate';
import { getRealNameDetailQueryOptions, RealName, realNameDetailQueryKey, submitRealName } from '../api/real-name';

export const REAL_NAME_RESULT_PATH = '/auth/result';

/** Spec §2 real-name form: name + ID number (checked like the server: GB 11643, real date); add, or update after a rejection. */
export function RealNamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery(getRealNameDetailQueryOptions());
  const form = useForm({ realName: '', idCardNum: '' }, { realName: checkRealName, idCardNum: checkIdCard });

  if (detail.isPending) return <p className="form-page" data-testid="real-name-loading">{t('common.loading')}</p>;
  if (detail.isError)
    return (
      <EmptyState image="network" title={t('realName.loadFailed')} action={<button type="button" className="app-button" onClick={() => void detail.refetch()}>{t('common.retry')}</button>} />
    );
  if (!detail.data.enabled) return <EmptyState title={t('realName.disabled')} testId="real-name-disabled" />;
  // Pending or approved: nothing to fill in, show the result.
  if (detail.data.status === RealName.Pending || detail.data.status === RealName.Approved) return <Navigate replace to={REAL_NAME_RESULT_PATH} />;

  const resubmit = detail.data.status === RealName.Rejected;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(async () => {
      const body = { realName: form.values.realName.trim(), idCardNum: form.values.idCardNum.trim().toUpperCase() };
      const result = await submitRealName(body, resubmit);
      queryClient.setQueryData(realNameDetailQueryKey, result);
      await navigate(REAL_NAME_RESULT_PATH, { replace: true });
    });
  };

  return (
    <form className="form-page" data-testid="real-name-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro">{resubmit ? t('realName.resubmitIntro', { reason: detail.data.rejectReason ?? '' }) : t('realName.intro')}</p>
      <div className="form-card">
        <Field name="realName" label={t('realName.name')} placeholder={t('realName.namePlaceholder')} autoComplete="name" maxLength={30} value={form.values.realName} onChange={form.setValue('realName')} error={form.errors.realName} />
        <Field name="idCardNum" label={t('realName.idCard')} placeholder={t('realName.idCardPlaceholder')} maxLength={18} value={form.values.idCardNum} onChange={form.setValue('idCardNum')} error={form.errors.idCardNum} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy}>{t('realName.submit')}</SubmitButton>
      </div>
      <p className="form-page__intro">{t('realName.privacy')}</p>
    </form>
  );
}
