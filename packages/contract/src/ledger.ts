import { z } from 'zod';

/**
 * Every `reason` the server writes on an account_ledger row. The wallet takes only these (typed), and the web's
 * dictionary has a label and an icon for each in five languages (a web test walks this list), so a new kind of
 * balance change cannot reach the records page labelled "other".
 */

/** Reasons of gold held for a paid AI task: the debit when accepted, then `_captured` or `_released`. */
export const HOLD_REASONS = ['ai_draw', 'ai_dubbing', 'ai_subtitles', 'ai_video'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const LEDGER_REASONS = [
  'welcome_gift',
  'check_in',
  'lucky_draw',
  'lucky_draw_prize',
  'mall_exchange',
  'package_purchase',
  /** The daily free gold (a free package claimed), apart from gold bought. */
  'daily_free',
  'package_pay',
  'refund',
  'refund_reverse',
  'referral_reward',
  'referral_reverse',
  'ambassador_reward',
  'operator_grant',
  ...HOLD_REASONS,
  ...HOLD_REASONS.map((r) => `${r}_captured` as const),
  ...HOLD_REASONS.map((r) => `${r}_released` as const),
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** The kind a row is shown as: its reason, with a hold's capture and release folded into the hold's own kind. */
export const ledgerKindOf = (reason: string): string => reason.replace(/_(captured|released)$/, '');

/**
 * A paid task's line: `held` while it runs (gold set aside), `captured` when it succeeded (spent),
 * `released` when it failed or was canceled (given back; the line's net is 0).
 */
export const BILL_STATES = ['held', 'captured', 'released'] as const;
export const billStateSchema = z.enum(BILL_STATES);
export type BillState = z.infer<typeof billStateSchema>;

/** What a ledger row belongs to, as the pages know it (the web maps each to its route). */
export const BILL_TARGETS = [
  'drawing_task',
  'dubbing_task',
  'video_task',
  'order',
  'check_in',
  'lucky_draw',
  'mall_exchange',
  'referral',
  'ambassador',
] as const;
export const billTargetSchema = z.object({ type: z.enum(BILL_TARGETS), id: z.string() });
export type BillTarget = z.infer<typeof billTargetSchema>;

/** The ledger's ref_type → the target it shows as; unknown ref types have no link. */
const TARGET_OF_REF: Record<string, BillTarget['type']> = {
  ai_draw: 'drawing_task',
  tts: 'dubbing_task',
  article_to_video: 'video_task',
  order: 'order',
  checkin: 'check_in',
  draw: 'lucky_draw',
  draw_record: 'lucky_draw',
  mall_exchange: 'mall_exchange',
  referral: 'referral',
  ambassador: 'ambassador',
};
export const billTargetOf = (refType: string | null, refId: string | null): BillTarget | null => {
  const type = refType ? TARGET_OF_REF[refType] : undefined;
  return type && refId ? { type, id: refId } : null;
};

/** `extras` of a 409 insufficient_gold: what was needed, what the balance holds, and the shortfall. */
export const insufficientGoldExtrasSchema = z.object({
  need: z.number().int(),
  balance: z.number().int(),
  missing: z.number().int(),
});
export type InsufficientGoldExtras = z.infer<typeof insufficientGoldExtrasSchema>;
