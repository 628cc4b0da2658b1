import type { Coupon, endpoints, ParsedBodyOf, PriceQuote } from '@app/contract';
import '../commerce.messages.js';
import type { Clock } from '../../../platform/clock.js';
import type { Tx } from '../../../platform/db/client.js';
import type { Actor } from '../../../platform/identity/actor.js';
import type { StoredTranslations } from '../../../platform/i18n/stored-translations.js';
import { AppError, conflict, notFound } from '../../../platform/errors.js';
import { mapPage } from '../../../platform/db/paged.js';
import type { CouponRepository, CouponTemplateRow as TemplateRow } from './coupon.repository.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import { toCoupon } from '../commerce.mappers.js';
import type { OrderService } from '../orders/order.service.js';
import { calculateDiscountedPrice } from '../orders/price-rule.js';
import { bindReferral, normalizeCode } from '../referral/referral.service.js';
import { batchCodeAsTyped } from './redeem-code.js';
import type { CodeGuessLimit } from './code-guess-limit.js';

const DAY = 86_400_000;

/**
 * Hands one coupon of a template to a user, through `coupons` over the caller's transaction: takes stock with a
 * conditional update (never oversold).
 */
const issueCoupon = async (
  coupons: CouponRepository,
  input: { template: TemplateRow; userId: number; now: Date; source: string },
) => {
  const { template, now } = input;
  if (!(await coupons.takeFromStock(template.id))) throw conflict('coupon_out_of_stock');
  return coupons.insert({
    tenantId: template.tenantId,
    userId: input.userId,
    templateId: template.id,
    name: template.name,
    description: template.description,
    i18n: template.i18n,
    type: template.type,
    value: template.value,
    threshold: template.threshold,
    packageId: template.packageId,
    validFrom: now,
    validUntil: new Date(now.getTime() + template.validDays * DAY),
    source: input.source,
    createdAt: now,
  });
};

/** How long a coupon won on the lucky wheel or exchanged in the points mall stays usable. */
export const ACTIVITY_COUPON_VALID_DAYS = 30;

/** What a lucky-wheel prize or a mall item grants as a coupon: to whom, named how, worth what. */
export interface ActivityCouponGrant {
  tenantId: number;
  /** The winner (a user the activity rewards). */
  userId: number;
  name: string;
  /** Translations of `name` (locale → { name }). */
  nameTranslations: StoredTranslations;
  valueFen: number;
  source: string;
  now: Date;
}

/**
 * A cash coupon won on the lucky wheel or exchanged in the points mall, inside the transaction the activity
 * opened (`tx`): a real coupon in the user's wallet, usable at checkout like any other (its template is made once
 * per name and value, with the translations of that name).
 */
const createActivityCoupons = (store: CommerceRepositories) => ({
  async grantActivityCoupon(tx: Tx, input: ActivityCouponGrant) {
    const { coupons } = store.within(tx);
    const template = await coupons.systemCashTemplate(
      input.tenantId,
      input.name,
      input.nameTranslations,
      input.valueFen,
      ACTIVITY_COUPON_VALID_DAYS,
      input.now,
    );
    return issueCoupon(coupons, { template, userId: input.userId, now: input.now, source: input.source });
  },
});

export const createCouponService = (deps: {
  store: CommerceRepositories;
  clock: Clock;
  orders: OrderService;
  guesses: CodeGuessLimit;
}) => {
  const { store, clock, orders, guesses } = deps;
  const { coupons: repo } = store.repos;

  /**
   * One of a console batch's own codes, redeemed once: the code row locked, the batch's per-user limit and stock
   * checked, the coupon issued and the code marked with who redeemed it, in one transaction. Null when `code` is
   * no batch code; a code already redeemed (or of a disabled batch) answers like an unknown one.
   */
  const redeemBatchCode = ({ tenantId, uid: userId }: Actor, code: string, now: Date) =>
    store.transaction(async ({ coupons, users }) => {
      const found = await coupons.lockBatchCode(tenantId, batchCodeAsTyped(code));
      if (!found) return null;
      if (found.code.redeemedAt || found.template.status !== 1) throw notFound('coupon_code_invalid');
      await users.lock(tenantId, userId);
      if (
        (await coupons.heldFromTemplate(tenantId, userId, found.template.id)) >= found.template.perUserLimit
      )
        throw conflict('coupon_limit_reached');
      const coupon = await issueCoupon(coupons, {
        template: found.template,
        userId,
        now,
        source: 'exchange',
      });
      await coupons.markCodeRedeemed(found.code.id, userId, coupon.id, now);
      return coupon;
    });

  /**
   * Redeems a code: a coupon template's code (stock, per-user limit, all in one transaction with the user
   * row locked), else another user's referral code (binds the caller as referee).
   */
  const exchangeCode = async (actor: Actor, rawCode: string) => {
    const { tenantId, uid: userId, locale } = actor;
    const code = normalizeCode(rawCode);
    const now = clock.now();
    const fromBatch = await redeemBatchCode(actor, code, now);
    if (fromBatch) return { kind: 'coupon' as const, coupon: toCoupon(fromBatch, now, locale) };
    const template = await repo.enabledTemplateByCode(tenantId, code);
    if (!template) {
      try {
        const bound = await bindReferral(store.repos.referrals, actor, code);
        return { kind: 'referral' as const, referrerNickName: bound!.referrerNickName };
      } catch (err) {
        if (err instanceof AppError && err.id === 'referral_code_invalid')
          throw notFound('coupon_code_invalid');
        throw err;
      }
    }
    const coupon = await store.transaction(async ({ coupons, users }) => {
      // Per-user limit: lock this user's redemptions of the template by locking the user's row.
      await users.lock(tenantId, userId);
      if ((await coupons.heldFromTemplate(tenantId, userId, template.id)) >= template.perUserLimit)
        throw conflict('coupon_limit_reached');
      return issueCoupon(coupons, { template, userId, now, source: 'exchange' });
    });
    return { kind: 'coupon' as const, coupon: toCoupon(coupon, now, locale) };
  };

  return {
    ...createActivityCoupons(store),

    // Coupon names and descriptions in the reader's language.
    async page(actor: Actor, q: ParsedBodyOf<typeof endpoints.couponPage>) {
      const { tenantId, uid, locale } = actor;
      await orders.expireDue({ tenantId, userId: uid });
      const now = clock.now();
      return mapPage(await repo.page(tenantId, uid, q, now), (rows) =>
        rows.map((r) => toCoupon(r, now, locale)),
      );
    },

    /** Redeems a coupon or referral code (see exchangeCode), within the account's allowance of wrong codes. */
    exchange(actor: Actor, rawCode: string) {
      return guesses.guard(actor.uid, () => exchangeCode(actor, rawCode));
    },

    async calculate(actor: Actor, packageId: number, couponId?: number): Promise<PriceQuote> {
      const pkg = await orders.loadPackage(actor.tenantId, packageId);
      const coupon =
        couponId === undefined ? null : await orders.loadUsableCoupon(actor, couponId, clock.now());
      return orders.priceOf(pkg, coupon);
    },

    /** The coupon picker: every usable coupon with the price it gives for this package, best first. */
    async apply(actor: Actor, packageId: number) {
      const { tenantId, uid, locale } = actor;
      await orders.expireDue({ tenantId, userId: uid });
      const pkg = await orders.loadPackage(tenantId, packageId);
      const now = clock.now();
      const rows = await repo.usableNow(tenantId, uid, now);
      const items = rows.map((row) => {
        const result = calculateDiscountedPrice(pkg, row);
        const coupon: Coupon = toCoupon(row, now, locale);
        if (!result.ok) return { coupon, usable: false, reason: result.reason, quote: null };
        const quote: PriceQuote = {
          packageId: pkg.id,
          couponId: row.id,
          originalFen: result.originalFen,
          discountFen: result.discountFen,
          payFen: result.payFen,
          goldCost: result.goldCost,
        };
        return { coupon, usable: true, reason: null, quote };
      });
      items.sort(
        (a, b) =>
          Number(b.usable) - Number(a.usable) ||
          (a.quote?.payFen ?? Infinity) - (b.quote?.payFen ?? Infinity) ||
          a.coupon.validUntil.localeCompare(b.coupon.validUntil),
      );
      const best = items.find((i) => i.usable)?.quote ?? orders.priceOf(pkg, null);
      return { items, best };
    },
  };
};

export type CouponService = ReturnType<typeof createCouponService>;
/** What the activities need of coupons: the one that grants a prize's or a mall item's coupon. */
export type ActivityCoupons = Pick<CouponService, 'grantActivityCoupon'>;
