import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawResult } from '@app/contract';
import { formatDate } from '../../../shared/lib/time';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { myPrizesQueryOptions, prizeListQueryOptions, useRefreshAfterDraw, useStartDraw } from '../api/lucky-draw';
import { landingAngle, LuckyWheel, SPIN_MS } from '../components/lucky-wheel';
import '../components/activity.css';

/** Spec §2 lucky wheel: the wheel spins and stops on the slot the server picked; cost, draws left, my prizes. */
export function LuckyPage() {
  const { t } = useTranslation();
  const prizes = useQuery(prizeListQueryOptions());
  const myPrizes = useQuery(myPrizesQueryOptions());
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const pending = useRef<DrawResult | null>(null);
  const [shown, setShown] = useState<DrawResult | null>(null);
  const fallback = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshAfterDraw = useRefreshAfterDraw();

  const settle = () => {
    clearTimeout(fallback.current);
    setSpinning(false);
    const draw = pending.current;
    pending.current = null;
    if (!draw) return;
    setShown(draw);
    showToast(draw.won ? t('activity.lucky.won', { name: draw.prize.name }) : t('activity.lucky.lost'), draw.won ? 'success' : undefined);
    refreshAfterDraw();
  };
  useEffect(() => () => clearTimeout(fallback.current), []);

  const mutation = useStartDraw();
  const spin = (draw: DrawResult) => {
    const slotCount = Math.max(1, ...(prizes.data?.prizes ?? []).map((p) => p.slot + 1), draw.slot + 1);
    pending.current = draw;
    setShown(null);
    setSpinning(true);
    setRotation((from) => landingAngle(draw.slot, slotCount, from));
    // The transition's end settles the draw; this also settles it when no transition runs.
    fallback.current = setTimeout(settle, SPIN_MS + 500);
  };

  if (prizes.isPending) return <p className="activity-page">{t('common.loading')}</p>;
  if (prizes.isError)
    return (
      <LoadFailed title={t('activity.loadFailed')} onRetry={() => void prizes.refetch()} />
    );
  const p = prizes.data;
  const busy = spinning || mutation.isPending;

  return (
    <div className="activity-page" data-testid="lucky-page">
      <section className="activity-hero activity-hero--compact">
        <p className="activity-hero__label">{t('activity.myPoints')}</p>
        <p className="activity-hero__value" data-testid="lucky-points">
          {p.myPoints ?? '-'}
        </p>
        <p className="activity-hero__hint" data-testid="lucky-remaining">
          {t('activity.lucky.cost', { points: p.costPoints, left: p.remainingToday, limit: p.dailyLimit })}
        </p>
      </section>

      <section className="activity-card lucky-stage">
        <LuckyWheel prizes={p.prizes} rotation={rotation} spinning={spinning} onSettled={settle} />
        <button
          type="button"
          className="activity-cta"
          data-testid="lucky-spin"
          disabled={busy || p.remainingToday <= 0}
          onClick={() => mutation.mutate(undefined, { onSuccess: spin })}
        >
          {busy ? t('activity.lucky.spinning') : p.remainingToday <= 0 ? t('activity.lucky.noDraws') : t('activity.lucky.spin')}
        </button>
        {shown ? (
          <p className="lucky-result" data-testid="lucky-result" data-slot={shown.slot} data-won={shown.won ? 'true' : 'false'}>
            {shown.won ? t('activity.lucky.won', { name: shown.prize.name }) : t('activity.lucky.lost')}
          </p>
        ) : null}
      </section>

      <section className="activity-card">
        <h2 className="activity-card__title">{t('activity.lucky.myPrizes')}</h2>
        {myPrizes.data && myPrizes.data.items.length > 0 ? (
          <ul className="activity-records" data-testid="my-prizes">
            {myPrizes.data.items.map((prize) => (
              <li key={prize.id} className="activity-record">
                <img src={prize.image} alt="" className="activity-record__image" />
                <div>
                  <p className="activity-record__name">{prize.name}</p>
                  <p className="activity-record__meta">{formatDate(prize.createTime)}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="activity-muted">{t('activity.lucky.noPrizes')}</p>
        )}
      </section>

      {p.rules.length > 0 ? (
        <section className="activity-card">
          <h2 className="activity-card__title">{t('activity.rules')}</h2>
          <ul className="activity-rules">
            {p.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
