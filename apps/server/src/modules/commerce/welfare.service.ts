import type { Db } from '../../platform/db/client.js';
import { getDictionary } from '../dictionary/index.js';
import type { createAmbassadorService } from './ambassador.service.js';
import { createCouponRepository } from './coupon.repository.js';
import { normalizeCode } from './referral.service.js';

type AmbassadorService = ReturnType<typeof createAmbassadorService>;

/** The welfare page's rules (shown as written). */
const WELFARE_RULES = [
  '新用户注册即可领取新人专享券，输入兑换码即可领取',
  '好友填写你的推荐码并完成首单支付后，你将获得金币奖励（每位好友一次）',
  '成为种草官并完成任务，审核通过后可领取任务奖励（每个任务一次）',
  '优惠券每张仅可使用一次，过期自动失效',
];

/** The welfare page: member benefits and redeemable coupons from the dictionaries, ambassador tasks, rules. */
export const createWelfareService = (deps: {
  db: Db;
  ambassadors: AmbassadorService;
  referralRewardGold: number;
}) => ({
  /** `uid`: the caller (0 or undefined for a visitor), so each coupon says whether it is already claimed. */
  async info(tenantId: number, uid?: number) {
    const [nav, couponDict, tasks] = await Promise.all([
      getDictionary(deps.db, tenantId, 'app_vip_nav'),
      getDictionary(deps.db, tenantId, 'app_coupon'),
      deps.ambassadors.tasks(tenantId),
    ]);
    const data = (d: unknown) => (d && typeof d === 'object' ? (d as Record<string, unknown>) : {});
    // Claimed = the caller holds as many coupons of the code's template as one user may (the redeem's own rule).
    const coupons = createCouponRepository(deps.db);
    const claimed = async (code: string) => {
      if (!uid) return false;
      const template = await coupons.enabledTemplateByCode(tenantId, normalizeCode(code));
      return !!template && (await coupons.heldFromTemplate(tenantId, uid, template.id)) >= template.perUserLimit;
    };
    // A handful of advertised codes (an operator's dictionary), each answered by its unique index.
    const claimedFlags = await Promise.all(couponDict.items.map((i) => claimed(i.value)));
    return {
      benefits: nav.items
        .filter((i) => data(i.data).kind === 'benefit')
        .map((i) => ({
          title: i.label,
          description: String(data(i.data).description ?? ''),
          icon: typeof data(i.data).icon === 'string' ? (data(i.data).icon as string) : null,
        })),
      coupons: couponDict.items.map((i, index) => ({
        title: i.label,
        code: i.value,
        type: Number(data(i.data).type ?? 0),
        description: String(data(i.data).description ?? ''),
        claimed: claimedFlags[index] ?? false,
      })),
      tasks,
      referralRewardGold: deps.referralRewardGold,
      rules: WELFARE_RULES,
    };
  },
});
