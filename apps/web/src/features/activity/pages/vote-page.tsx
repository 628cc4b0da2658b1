import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { useVote, voteQueryOptions } from '../api/food-vote';
import '../components/activity.css';

/** Spec §2 food vote: options with pictures, one vote a day, live counts (polled every few seconds). */
export function VotePage() {
  const { t } = useTranslation();
  const options = useQuery(voteQueryOptions());
  const mutation = useVote();
  const handleVote = (optionId: number) =>
    mutation.mutate(optionId, { onSuccess: () => showToast(t('activity.vote.done'), 'success') });

  if (options.isPending) return <p className="activity-page">{t('common.loading')}</p>;
  if (options.isError)
    return (
      <LoadFailed title={t('activity.loadFailed')} onRetry={() => void options.refetch()} />
    );
  const v = options.data;
  return (
    <div className="activity-page" data-testid="vote-page">
      <section className="activity-hero activity-hero--compact">
        <p className="activity-hero__label">{t('activity.vote.total')}</p>
        <p className="activity-hero__value" data-testid="vote-total">
          {v.totalVotes}
        </p>
        <p className="activity-hero__hint">{v.votedToday ? t('activity.vote.votedToday') : t('activity.vote.hint')}</p>
      </section>
      <ul className="vote-list">
        {v.options.map((option) => (
          <li key={option.id} className="vote-option" data-testid={`vote-option-${option.id}`}>
            <img src={option.image} alt={option.name} className="vote-option__image" loading="lazy" />
            <div className="vote-option__body">
              <p className="vote-option__name">
                {option.name}
                {v.myOptionId === option.id ? <span className="vote-option__mine">{t('activity.vote.mine')}</span> : null}
              </p>
              <p className="activity-record__meta">{option.description}</p>
              <div className="vote-option__bar">
                <span style={{ width: `${option.percent}%` }} />
              </div>
              <p className="activity-record__meta" data-testid={`vote-count-${option.id}`}>
                {t('activity.vote.count', { votes: option.votes, percent: option.percent })}
              </p>
            </div>
            <button
              type="button"
              className="activity-cta activity-cta--small"
              data-testid={`vote-button-${option.id}`}
              disabled={v.votedToday || mutation.isPending}
              onClick={() => handleVote(option.id)}
            >
              {t('activity.vote.button')}
            </button>
          </li>
        ))}
      </ul>
      {v.rules.length > 0 ? (
        <section className="activity-card">
          <h2 className="activity-card__title">{t('activity.rules')}</h2>
          <ul className="activity-rules">
            {v.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
