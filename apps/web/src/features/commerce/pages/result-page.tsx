import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState } from '../../../shared/ui/empty-state';
import { getAmbassadorResultQueryOptions } from '../api/commerce';
import '../commerce.css';

/** Spec §2 review result: my submissions (of a task) with review state, note and reward state. */
export function ResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const taskId = Number(search.get('taskId')) || undefined;
  const result = useQuery(getAmbassadorResultQueryOptions(taskId));
  if (result.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (result.isError) return <EmptyState image="network" title={t('commerce.loadFailed')} />;
  if (!result.data.length) return <EmptyState title={t('commerce.noSubmissions')} testId="result-empty" />;
  return (
    <div className="vip-page" data-testid="result-page">
      {result.data.map((s) => (
        <section className="vip-card" key={s.id} data-testid={`submission-${s.id}`}>
          <h2 className="vip-card__title" data-testid="submission-state">
            {t(`commerce.submissionState.${s.state}`)}
            <small>{t('commerce.submittedAt', { date: formatDate(s.createTime) })}</small>
          </h2>
          {s.reviewNote ? <p className="vip-pre">{t('commerce.reviewNote', { note: s.reviewNote })}</p> : null}
          <div className="vip-thumbs">
            {s.screenshots.map((url) => (
              <img key={url} src={url} alt="" />
            ))}
          </div>
          <p>{t(`commerce.rewardState.${s.rewardState}`)}</p>
          {s.rewardState === 'claimable' ? (
            <Link className="app-button" to={`/pages/detail/popularize-reward?submissionId=${s.id}`}>
              {t('commerce.claimReward')}
            </Link>
          ) : null}
        </section>
      ))}
    </div>
  );
}
