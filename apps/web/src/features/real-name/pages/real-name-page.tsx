import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { Field, FormError, SubmitButton } from '../../../shared/ui/form';
import { useForm } from '../../../shared/lib/use-form';
import { checkIdCard, checkRealName } from '../lib/validate';
import { getRealNameDetailQueryOptions, RealName, realNameDetailQueryKey, submitRealName, uploadIdCardImages } from '../api/real-name';
import { IdCardPhoto } from '../components/id-card-photo';
import { useTip } from '../../../shared/lib/tips';

export const REAL_NAME_RESULT_PATH = '/auth/result';

/**
 * Spec §2 real-name form: name + ID number (checked like the server: GB 11643, real date) and the ID card's front and
 * back (uploaded privately); add, or update after a rejection.
 */
export function RealNamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery(getRealNameDetailQueryOptions());
  const form = useForm({ realName: '', idCardNum: '' }, { realName: checkRealName, idCardNum: checkIdCard });
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [percent, setPercent] = useState<number | null>(null);
  const realNameTip = useTip('realNameTip');

  if (detail.isPending) return <p className="form-page" data-testid="real-name-loading">{t('common.loading')}</p>;
  if (detail.isError)
    return (
      <LoadFailed title={t('realName.loadFailed')} onRetry={() => void detail.refetch()} />
    );
  if (!detail.data.enabled) return <EmptyState title={t('realName.disabled')} testId="real-name-disabled" />;
  // Pending or approved: nothing to fill in, show the result.
  if (detail.data.status === RealName.Pending || detail.data.status === RealName.Approved) return <Navigate replace to={REAL_NAME_RESULT_PATH} />;

  const resubmit = detail.data.status === RealName.Rejected;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Both sides or none: one side alone cannot be reviewed.
    if (Boolean(front) !== Boolean(back)) return setPhotoError(t('realName.photos.both'));
    setPhotoError(undefined);
    void form.run(async () => {
      let idCardImages: string[] | undefined;
      if (front && back) {
        setPercent(0);
        try {
          idCardImages = await uploadIdCardImages(front, back, (p) => setPercent(p.percent ?? null));
        } finally {
          setPercent(null);
        }
      }
      const body = { realName: form.values.realName.trim(), idCardNum: form.values.idCardNum.trim().toUpperCase(), idCardImages };
      const result = await submitRealName(body, resubmit);
      queryClient.setQueryData(realNameDetailQueryKey, result);
      await navigate(REAL_NAME_RESULT_PATH, { replace: true });
    });
  };

  return (
    <form className="form-page" data-testid="real-name-page" noValidate onSubmit={handleSubmit}>
      <p className="form-page__intro" data-testid="real-name-intro">
        {resubmit
          ? t('realName.resubmitIntro', { reason: detail.data.rejectReason ?? '' })
          : // The rule is the server's (app config): required before publishing only when publishing checks it.
            detail.data.requiredToPublish
            ? t('realName.intro')
            : t('realName.introOptional')}
      </p>
      {realNameTip ? <p className="form-page__intro">{realNameTip}</p> : null}
      <div className="form-card">
        <Field {...form.field('realName')} label={t('realName.name')} placeholder={t('realName.namePlaceholder')} autoComplete="name" maxLength={30} />
        <Field {...form.field('idCardNum')} label={t('realName.idCard')} placeholder={t('realName.idCardPlaceholder')} maxLength={18} />
        <div className="id-card-photos">
          <IdCardPhoto side="front" file={front} onChange={setFront} />
          <IdCardPhoto side="back" file={back} onChange={setBack} />
        </div>
        {percent !== null ? (
          <p className="form-page__intro" role="progressbar" aria-valuenow={percent} data-testid="id-card-progress">
            {t('toast.uploading')} {percent}%
          </p>
        ) : null}
        <FormError message={photoError ?? form.formError} />
        <SubmitButton busy={form.busy}>{t('realName.submit')}</SubmitButton>
      </div>
      <p className="form-page__intro">{t('realName.privacy')}</p>
    </form>
  );
}
