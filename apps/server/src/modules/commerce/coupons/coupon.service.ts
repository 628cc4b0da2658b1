import type { Coupon, endpoints, Locale, ParsedBodyOf, PriceQuote } from '@app/contract';
import '../commerce.messages.js';
import type { Clock } from '../../../platform/clock.js';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import type { StoredTranslations } from '../../../platform/i18n/stored-translations.js';
import { AppError, conflict, notFound } from '../../../platform/errors.js';
import { mapPage } from '../../../platform/db/paged.js';
import { createUsersRepository } from '../../../platform/identity/users.repository.js';
import { createCouponRepository, type CouponTemplateRow as TemplateRow } from './coupon.repository.js';
import { toCoupon } from '../commerce.mappers.js';
import type { OrderService } from '../orders/order.service.js';
import { calculateDiscountedPrice } from '../orders/price-rule.js';
import { bindReferral, normalizeCode } from '../referral/referral.service.js';
import { batchCodeAsTyped } from './redeem-code.js';
import type { CodeGuessLimit } from './code-guess-limit.js';

const DAY = 86_400_000;

/** Hands one coupon of a template to a user: takes stock with a conditional update (never oversold). */
const issueCoupon = async (
  tx: DbOrTx,
  input: { template: TemplateRow; userId: number; now: Date; source: string },
) => {
  const { template, now } = input;
  const coupons = createCouponRepository(tx);
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

/**
 * A cash coupon won on the lucky wheel or exchanged in the points mall, inside the caller's transaction: a real
 * coupon in the user's wallet, usable at checkout like any other (its template is made once per name and value,
 * with the translations of that name).
 */
export const grantActivityCoupon = async (
  tx: DbOrTx,
  input: {
    tenantId: number;
    userId: number;
    name: string;
    /** Translations of `name` (locale → { name }). */
    nameTranslations: StoredTranslations;
    valueFen: number;
    source: string;
    now: Date;
  },
) => {
  const template = await createCouponRepository(tx).systemCashTemplate(
    input.tenantId,
    input.name,
    input.nameTranslations,
    input.valueFen,
    ACTIVITY_COUPON_VALID_DAYS,
    input.now,
  );
  return issueCoupon(tx, { template, userId: input.userId, now: input.now, source: input.source });
};

export const createCouponService = (deps: {
  db: Db;
  clock: Clock;
  orders: OrderService;
  guesses: CodeGuessLimit;
}) => {
  const { db, clock, orders, guesses } = deps;
  const repo = createCouponRepository(db);

  /**
   * One of a console batch's own codes, redeemed once: the code row locked, the batch's per-user limit and stock
   * checked, the coupon issued and the code marked with who redeemed it, in one transaction. Null when `code` is
   * no batch code; a code already redeemed (or of a disabled batch) answers like an unknown one.
   */
  const redeemBatchCode = (tenantId: number, userId: number, code: string, now: Date) =>
    db.transaction(async (tx) => {
      const coupons = createCouponRepository(tx);
      const found = await coupons.lockBatchCode(tenantId, batchCodeAsTyped(code));
      if (!found) return null;
      if (found.code.redeemedAt || found.template.status !== 1) throw notFound('coupon_code_invalid');
      await createUsersRepository(tx).lock(tenantId, userId);
      if (
        (await coupons.heldFromTemplate(tenantId, userId, found.template.id)) >= found.template.perUserLimit
      )
        throw conflict('coupon_limit_reached');
      const coupon = await issueCoupon(tx, { template: found.template, userId, now, source: 'exchange' });
      await coupons.markCodeRedeemed(found.code.id, userId, coupon.id, now);
      return coupon;
    });

  /**
   * Redeems a code: a coupon template's code (stock, per-user limit, all in one transaction with the user
   * row locked), else another user's referral code (binds the caller as referee).
   */
  const exchangeCode = async (tenantId: number, userId: number, rawCode: string, locale: Locale) => {
    const code = normalizeCode(rawCode);
    const now = clock.now();
    const fromBatch = await redeemBatchCode(tenantId, userId, code, now);
    if (fromBatch) return { kind: 'coupon' as const, coupon: toCoupon(fromBatch, now, locale) };
    const template = await repo.enabledTemplateByCode(tenantId, code);
    if (!template) {
      try {
        const bound = await bindReferral(db, { tenantId, refereeId: userId, code });
        return { kind: 'referral' as const, referrerNickName: bound!.referrerNickName };
      } catch (err) {
        if (err instanceof AppError && err.id === 'referral_code_invalid')
          throw notFound('coupon_code_invalid');
        throw err;
      }
    }
    const coupon = await db.transaction(async (tx) => {
      // Per-user limit: lock this user's redemptions of the template by locking the user's row.
      const coupons = createCouponRepository(tx);
      await createUsersRepository(tx).lock(tenantId, userId);
      if ((await coupons.heldFromTemplate(tenantId, userId, template.id)) >= template.perUserLimit)
        throw conflict('coupon_limit_reached');
      return issueCoupon(tx, { template, userId, now, source: 'exchange' });
    });
    return { kind: 'coupon' as const, coupon: toCoupon(coupon, now, locale) };
  };

  return {
    // Coupon names and descriptions in the reader's language.
    async page(
      tenantId: number,
      userId: number,
      q: ParsedBodyOf<typeof endpoints.couponPage>,
      locale: Locale = 'zh-Hans',
    ) {
      await orders.expireDue({ tenantId, userId });
      const now = clock.now();
      return mapPage(await repo.page(tenantId, userId, q, now), (rows) =>
        rows.map((r) => toCoupon(r, now, locale)),
      );
    },

    /** Redeems a coupon or referral code (see exchangeCode), within the account's allowance of wrong codes. */
    exchange(tenantId: number, userId: number, rawCode: string, locale: Locale = 'zh-Hans') {
      return guesses.guard(userId, () => exchangeCode(tenantId, userId, rawCode, locale));
    },

    async calculate(
      tenantId: number,
      userId: number,
      packageId: number,
      couponId?: number,
    ): Promise<PriceQuote> {
      const pkg = await orders.loadPackage(tenantId, packageId);
      const coupon =
        couponId === undefined
          ? null
          : await orders.loadUsableCoupon(db, tenantId, userId, couponId, clock.now());
      return orders.priceOf(pkg, coupon);
    },

    /** The coupon picker: every usable coupon with the price it gives for this package, best first. */
    async apply(tenantId: number, userId: number, packageId: number, locale: Locale = 'zh-Hans') {
      await orders.expireDue({ tenantId, userId });
      const pkg = await orders.loadPackage(tenantId, packageId);
      const now = clock.now();
      const rows = await repo.usableNow(tenantId, userId, now);
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
