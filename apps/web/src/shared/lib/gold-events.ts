import type { InsufficientGoldExtras } from '@app/contract';

/** The server's error id of a spend the balance cannot cover (409, extras: need, balance, missing). */
export const INSUFFICIENT_GOLD = 'insufficient_gold';

/** What a refusal said is missing; zeros when an older server sent no figures (the sheet then omits them). */
export const goldShortfallOf = (extras: Record<string, unknown>): InsufficientGoldExtras => {
  // Read by hand, not with the contract's zod schema: the API client is in the first screen's bundle (no zod).
  const figure = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
  return { need: figure(extras.need), balance: figure(extras.balance), missing: figure(extras.missing) };
};

/**
 * "Too little gold" signal: the API client raises it for any refused spend (drawing, dubbing, subtitles, video,
 * a package paid with gold …), the app shell shows one shortfall sheet with the ways forward.
 */
type Listener = (shortfall: InsufficientGoldExtras) => void;
const listeners = new Set<Listener>();

export const onInsufficientGold = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const emitInsufficientGold = (shortfall: InsufficientGoldExtras): void => {
  for (const listener of listeners) listener(shortfall);
};
