const REASONS = ['package_purchase', 'package_pay', 'refund', 'refund_reverse', 'referral_reward', 'ambassador_reward', 'check_in', 'lucky_draw', 'lucky_draw_prize', 'mall_exchange', 'welcome_gift'];
/** The i18n key of a ledger row's machine reason. */
export const reasonKey = (reason: string): string => `commerce.reason.${REASONS.includes(reason) ? reason : 'other'}`;
