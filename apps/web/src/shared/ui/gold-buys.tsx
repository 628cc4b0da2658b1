import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PRICES, DEFAULT_WELCOME_GIFT, goldBuys, goldPlan, type Prices, type WelcomeGift } from '@app/contract';
import { call } from '../lib/api/client';
import { endpoints } from '../lib/api/endpoints';
import { getAppConfigQueryOptions } from '../lib/app-config';

/** The prices and the gift of the app config (their defaults while it loads or when it holds none). */
const useGoldConfig = () => {
  const config = useQuery(getAppConfigQueryOptions()).data;
  // Read without zod (kept out of the browser bundle): each number the config holds over its default.
  const numbers = <T extends object>(defaults: T, value: unknown): T => {
    const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const merged = { ...defaults } as Record<string, unknown>;
    for (const key of Object.keys(defaults)) if (typeof given[key] === 'number') merged[key] = given[key];
    return merged as T;
  };
  return {
    prices: numbers<Prices>(DEFAULT_PRICES, config?.prices),
    gift: numbers<WelcomeGift>(DEFAULT_WELCOME_GIFT, config?.welcomeGift),
  };
};

/** "about N one-minute videos, or M drawings" for an amount of gold. */
const useBuysText = () => {
  const { t } = useTranslation();
  return (gold: number, prices: Prices) => {
    const buys = goldBuys(gold, prices);
    return t('gold.buys', { videos: buys.videoMinutes ?? 0, drawings: buys.drawings ?? 0 });
  };
};

/** What the welcome gift pays for on a first day (the guide's welcome). */
export function GiftBuys() {
  const { t } = useTranslation();
  const { prices, gift } = useGoldConfig();
  if (gift.gold <= 0) return null;
  const plan = goldPlan(gift.gold, prices);
  return (
    <p className="gift-buys" data-testid="gift-buys">
      {t('gold.giftPlan', { gold: gift.gold, videos: plan.videoMinutes, drawings: plan.drawings, chars: plan.dubChars })}
    </p>
  );
}

/** Each gold pack on sale and what it buys in videos and drawings (the insufficient-gold sheet). */
export function GoldPacksBuys() {
  const { t } = useTranslation();
  const { prices } = useGoldConfig();
  const buysText = useBuysText();
  const packs = useQuery({
    queryKey: ['gold-buys', 'packages'],
    queryFn: () => call(endpoints.goldPackageList, { query: { os: 'android', obtainMethod: 1 } }, { silent: true }),
    staleTime: 60_000,
  });
  const gold = (Array.isArray(packs.data) ? packs.data : []).filter((p) => p.gold > 0 && (p.metadata.os === 'all' || p.metadata.os === 'android'));
  if (!gold.length) return null;
  return (
    <div className="gold-short__packs" data-testid="gold-packs-buys">
      <p className="gold-short__packs-title">{t('gold.packsTitle')}</p>
      <ul>
        {gold.map((p) => (
          <li key={p.id} data-testid="gold-pack-buys">
            {t('gold.packLine', { gold: p.gold, price: (p.priceFen / 100).toFixed(2), buys: buysText(p.gold, prices) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
