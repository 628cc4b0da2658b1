import { ledgerKindOf, LEDGER_REASONS, type BillTarget, type LedgerReason } from '@app/contract';
import type { IconName } from '../../../shared/ui/icons';

/** The kinds rows show as: every ledger reason, a hold's capture and release folded into the hold's kind. */
const BILL_KINDS = [...new Set(LEDGER_REASONS.map(ledgerKindOf))] as LedgerReason[];

/** The icon of each kind (the records list and the detail's heading). */
export const BILL_KIND_ICONS: Record<string, IconName> = {
  welcome_gift: 'gift',
  check_in: 'sign',
  lucky_draw: 'lucky',
  lucky_draw_prize: 'lucky',
  mall_exchange: 'exchange',
  package_purchase: 'vip',
  daily_free: 'gift',
  package_pay: 'vip',
  refund: 'refund',
  refund_reverse: 'refund',
  referral_reward: 'welfare',
  referral_reverse: 'welfare',
  ambassador_reward: 'popularize',
  operator_grant: 'settings',
  ai_draw: 'draw',
  ai_dubbing: 'dub',
  ai_subtitles: 'dub',
  ai_video: 'video',
};

/** The i18n key of a row's kind (the server answers `kind`; a reason it does not list yet falls back to 其他). */
export const reasonKey = (kind: string): string =>
  `commerce.reason.${(BILL_KINDS as string[]).includes(ledgerKindOf(kind)) ? ledgerKindOf(kind) : 'other'}`;

export const kindIcon = (kind: string): IconName => BILL_KIND_ICONS[ledgerKindOf(kind)] ?? 'exchange';

/** The page a row belongs to: the task, the order's package, the activity. */
export const billTargetPath = (target: BillTarget, orderPackageId?: number | null): string => {
  switch (target.type) {
    case 'drawing_task':
      return `/draw/home/detail?id=${encodeURIComponent(target.id)}`;
    case 'dubbing_task':
      return '/media/dub/list';
    case 'video_task':
      return '/media/video/list';
    case 'order':
      return orderPackageId ? `/pages/index/vip/detail?id=${orderPackageId}` : '/pages/index/vip/index';
    case 'check_in':
      return '/activity/sign/index';
    case 'lucky_draw':
      return '/activity/lucky/index';
    case 'mall_exchange':
      return '/activity/exchange/index';
    case 'referral':
      return '/pages/index/coupons/mine';
    case 'ambassador':
      return '/pages/detail/popularize';
  }
};
