import { ObtainMethod, PayMethod } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { showToast } from '../../../shared/ui/feedback';
import { buyPackage, getFreePackagesQueryOptions, getTodayFreeQueryOptions } from '../api/commerce';

/**
 * Free daily packages (obtainMethod "free"): listed with what is left to claim today
 * (`/api/sysGoldPackageOrder/todayFreeNumber`); a claim is a zero-price order that completes at once.
 */
export function FreePackages({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const packages = useQuery(getFreePackagesQueryOptions());
  const today = useQuery(getTodayFreeQueryOptions(loggedIn));
  const [claiming, setClaiming] = useState<number | null>(null);
  const items = (packages.data ?? []).filter((p) => p.obtainMethod === ObtainMethod.Free);
  if (items.length === 0) return null;
  const remaining = today.data?.remaining ?? 0;

  const claim = async (packageId: number, gold: number) => {
    setClaiming(packageId);
    try {
      await buyPackage({ packageId, payMethod: PayMethod.Local });
      showToast(t('commerce.free.claimed', { gold }), 'success');
      await queryClient.invalidateQueries({ queryKey: ['commerce', 'today-free'] });
      void queryClient.fetchQuery({ ...getBaseInfoQueryOptions(), staleTime: 0 });
    } catch {
      // The client has shown the server's message (e.g. already claimed today).
      void queryClient.invalidateQueries({ queryKey: ['commerce', 'today-free'] });
    } finally {
      setClaiming(null);
    }
  };

  return (
    <section className="vip-card" data-testid="free-packages">
      <h2 className="vip-card__title">
        {t('commerce.free.title')}
        {today.data ? (
          <small data-testid="free-remaining">{t('commerce.free.remaining', { left: remaining, limit: today.data.limit })}</small>
        ) : null}
      </h2>
      <ul className="free-packages">
        {items.map((p) => (
          <li key={p.id} className="free-package" data-testid={`free-package-${p.id}`}>
            <span className="free-package__text">
              <strong>{p.name}</strong>
              <small>{p.description}</small>
            </span>
            <button
              type="button"
              className="free-package__claim"
              data-testid={`free-claim-${p.id}`}
              disabled={!loggedIn || !today.data || remaining <= 0 || claiming !== null}
              onClick={() => void claim(p.id, p.gold)}
            >
              {today.data && remaining <= 0 ? t('commerce.free.done') : t('commerce.free.claim')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
