import type { Db } from '../../../platform/db/client.js';
import type { Actor } from '../../../platform/identity/actor.js';
import { translate } from '../../../platform/i18n/i18n.js';
import { getDictionary } from '../../dictionary/index.js';
import type { createAmbassadorService } from '../ambassador/ambassador.service.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import { normalizeCode } from './referral.service.js';
import { WELFARE_RULE_KEYS } from './welfare.messages.js';

type AmbassadorService = ReturnType<typeof createAmbassadorService>;

/**
 * The welfare page: member benefits and redeemable coupons from the dictionaries, ambassador tasks, rules, all in
 * the reader's language.
 */
export const createWelfareService = (deps: {
  db: Db;
  store: CommerceRepositories;
  ambassadors: AmbassadorService;
  referralRewardGold: number;
}) => ({
  /** In the caller's language; a signed-in caller (uid 0 is a visitor) sees which coupons they already claimed. */
  async info({ tenantId, uid, locale }: Actor) {
    const [nav, couponDict, tasks] = await Promise.all([
      getDictionary(deps.db, tenantId, 'app_vip_nav', locale),
      getDictionary(deps.db, tenantId, 'app_coupon', locale),
      deps.ambassadors.tasks(tenantId, locale),
    ]);
    const data = (d: unknown) => (d && typeof d === 'object' ? (d as Record<string, unknown>) : {});
    // Claimed = the caller holds as many coupons of the code's template as one user may (the redeem's own rule).
    const { coupons } = deps.store.repos;
    const claimed = async (code: string) => {
      if (!uid) return false;
      const template = await coupons.enabledTemplateByCode(tenantId, normalizeCode(code));
      return (
        !!template && (await coupons.heldFromTemplate(tenantId, uid, template.id)) >= template.perUserLimit
      );
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
      rules: WELFARE_RULE_KEYS.map((key) => translate(locale, key)),
    };
  },
});
