import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckInResult } from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { checkInDetailQueryOptions, useCheckIn } from '../api/check-in';
import { CheckInCalendar } from '../components/check-in-calendar';
import '../components/activity.css';

/** Spec §2 daily check-in: button, streak, this month's calendar; a second tap shows today's result. */
export function SignPage() {
  const { t } = useTranslation();
  const detail = useQuery(checkInDetailQueryOptions());
  const [result, setResult] = useState<CheckInResult | null>(null);
  const mutation = useCheckIn();
  const handleCheckIn = () =>
    mutation.mutate(undefined, {
      onSuccess: (answer) => {
        setResult(answer);
        showToast(
          answer.alreadyCheckedIn
            ? t('activity.sign.already', { points: answer.pointsGained, streak: answer.streak })
            : t('activity.sign.gained', { points: answer.pointsGained }),
          'success',
        );
      },
    });

  if (detail.isPending) return <p className="activity-page">{t('common.loading')}</p>;
  if (detail.isError)
    return (
      <LoadFailed title={t('activity.loadFailed')} onRetry={() => void detail.refetch()} />
    );
  const d = detail.data;
  const points = result?.points ?? d.points;
  const checked = d.checkedInToday || result !== null;

  return (
    <div className="activity-page" data-testid="sign-page">
      <section className="activity-hero">
        <p className="activity-hero__label">{t('activity.myPoints')}</p>
        <p className="activity-hero__value" data-testid="sign-points">
          {points}
        </p>
        <p className="activity-hero__hint" data-testid="sign-streak">
          {t('activity.sign.streak', { days: result?.streak ?? d.streak })}
        </p>
        <button
          type="button"
          className="activity-cta"
          data-testid="sign-button"
          data-checked={checked ? 'true' : 'false'}
          disabled={mutation.isPending}
          onClick={handleCheckIn}
        >
          {checked ? t('activity.sign.todayDone') : t('activity.sign.button', { points: d.todayPoints })}
        </button>
        {result ? (
          <p className="activity-hero__hint" data-testid="sign-result">
            {t('activity.sign.result', { points: result.pointsGained, tomorrow: result.tomorrowPoints })}
          </p>
        ) : (
          <p className="activity-hero__hint">{t('activity.sign.tomorrow', { points: d.tomorrowPoints })}</p>
        )}
      </section>

      <section className="activity-card">
        <h2 className="activity-card__title">
          {t('activity.sign.month', { month: d.month, count: d.monthCount })}
        </h2>
        <CheckInCalendar days={d.days} today={d.today} />
      </section>

      {d.rules.length > 0 ? (
        <section className="activity-card">
          <h2 className="activity-card__title">{t('activity.rules')}</h2>
          <ul className="activity-rules">
            {d.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
