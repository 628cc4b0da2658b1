import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { EmptyState } from '../../../shared/ui/empty-state';
import { getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { claimAmbassadorReward, commerceKeys, getAmbassadorResultQueryOptions } from '../api/commerce';
import '../commerce.css';

/** Spec §2 reward claim: approved submissions whose reward is claimable, claimed once each. */
export function PopularizeRewardPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const only = Number(search.get('submissionId')) || undefined;
  const result = useQuery(getAmbassadorResultQueryOptions());
  const [busy, setBusy] = useState<number | null>(null);
  if (result.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (result.isError) return <EmptyState image="network" title={t('commerce.loadFailed')} />;
  const rows = result.data.filter((s) => s.state === 'approved' && (!only || s.id === only));
  if (!rows.length) return <EmptyState title={t('commerce.noReward')} testId="reward-empty" />;

  const claim = async (submissionId: number) => {
    setBusy(submissionId);
    const res = await claimAmbassadorReward(submissionId).catch(() => null);
    setBusy(null);
    if (!res) return;
    showToast(res.granted ? t('commerce.claimed', { gold: res.gold, days: res.vipDays }) : t('commerce.claimedBefore'), res.granted ? 'success' : undefined);
    await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
    void queryClient.fetchQuery({ ...getBaseInfoQueryOptions(), staleTime: 0 });
  };

  return (
    <div className="vip-page" data-testid="reward-page">
      {rows.map((s) => (
        <section className="vip-card" key={s.id}>
          <h2 className="vip-card__title">{t('commerce.rewardTitle')}</h2>
          <p data-testid={`reward-state-${s.id}`}>{t(`commerce.rewardState.${s.rewardState}`)}</p>
          <button type="button" className="app-button" data-testid={`claim-reward-${s.id}`} disabled={s.rewardState !== 'claimable' || busy === s.id} onClick={() => void claim(s.id)}>
            {t('commerce.claimReward')}
          </button>
        </section>
      ))}
    </div>
  );
}
