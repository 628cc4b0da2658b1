import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { getRealNameDetailQueryOptions, RealName } from '../api/real-name';
import '../../../shared/ui/form.css';
import '../components/id-card-photo.css';

const STATUS_KEY: Record<number, string> = {
  [RealName.None]: 'realName.status.none',
  [RealName.Pending]: 'realName.status.pending',
  [RealName.Approved]: 'realName.status.approved',
  [RealName.Rejected]: 'realName.status.rejected',
};

/** Spec §2 real-name result: the state (pending / approved / rejected with the reason), masked ID number. */
export function RealNameResultPage() {
  const { t } = useTranslation();
  const detail = useQuery(getRealNameDetailQueryOptions());

  if (detail.isPending) return <p className="form-page">{t('common.loading')}</p>;
  if (detail.isError)
    return (
      <LoadFailed title={t('realName.loadFailed')} onRetry={() => void detail.refetch()} />
    );
  const { status, realName, idCardNum, idCardImageUrls, rejectReason, submitTime } = detail.data;
  if (status === RealName.None)
    return (
      <EmptyState
        title={t('realName.status.none')}
        description={t('realName.noneHint')}
        testId="real-name-none"
        action={<Link className="app-button" to="/auth/index">{t('realName.goSubmit')}</Link>}
      />
    );

  return (
    <div className="form-page" data-testid="real-name-result" data-status={status}>
      <div className="form-card">
        <h2 data-testid="real-name-status">{t(STATUS_KEY[status] ?? 'realName.status.none')}</h2>
        <p className="form-page__intro">{t(`${STATUS_KEY[status] ?? 'realName.status.none'}Hint`)}</p>
        {realName ? <p data-testid="real-name-name">{t('realName.nameValue', { name: realName })}</p> : null}
        {idCardNum ? <p data-testid="real-name-id">{t('realName.idValue', { id: idCardNum })}</p> : null}
        {idCardImageUrls.length ? (
          <div className="id-card-images" data-testid="real-name-photos">
            {idCardImageUrls.map((url, i) => (
              <img key={url} src={url} alt={t(i === 0 ? 'realName.photos.front' : 'realName.photos.back')} />
            ))}
          </div>
        ) : null}
        {submitTime ? <p className="form-page__intro">{t('realName.submittedAt', { date: formatDate(submitTime) })}</p> : null}
        {status === RealName.Rejected ? (
          <>
            <p className="form-error" data-testid="real-name-reason">{t('realName.reason', { reason: rejectReason ?? '' })}</p>
            <Link className="form-submit" to="/auth/index" data-testid="real-name-resubmit">
              {t('realName.resubmit')}
            </Link>
          </>
        ) : null}
      </div>
    </div>
  );
}
