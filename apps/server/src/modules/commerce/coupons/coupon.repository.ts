import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { CouponType } from '@app/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { StoredTranslations } from '../../../platform/i18n/stored-translations.js';
import { paged } from '../../../platform/db/paged.js';
import { couponCodes, couponTemplates, userCoupons } from '../commerce.table.js';

export type CouponTemplateRow = typeof couponTemplates.$inferSelect;

/** A user's coupons: the wallet's tabs and the ones usable now. */
const createWalletCouponQueries = (db: DbOrTx) => ({
  /** A user's coupons in one of the wallet's tabs: usable (soonest to lapse first), used, expired. */
  page(
    tenantId: number,
    userId: number,
    q: { page: number; pageSize: number; state: 'usable' | 'used' | 'expired' },
    now: Date,
  ) {
    const conditions: SQL[] = [eq(userCoupons.tenantId, tenantId), eq(userCoupons.userId, userId)];
    if (q.state === 'used') conditions.push(eq(userCoupons.state, 'used'));
    if (q.state === 'usable') {
      conditions.push(inArray(userCoupons.state, ['unused', 'reserved']), gt(userCoupons.validUntil, now));
    }
    if (q.state === 'expired') {
      conditions.push(eq(userCoupons.state, 'unused'), lte(userCoupons.validUntil, now));
    }
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(userCoupons)
        .where(where)
        .orderBy(
          q.state === 'usable' ? asc(userCoupons.validUntil) : desc(userCoupons.createdAt),
          desc(userCoupons.id),
        ),
      db.select({ total: count() }).from(userCoupons).where(where),
    );
  },

  /** The user's unused coupons valid right now. */
  usableNow: (tenantId: number, userId: number, now: Date) =>
    db
      .select()
      .from(userCoupons)
      .where(
        and(
          eq(userCoupons.tenantId, tenantId),
          eq(userCoupons.userId, userId),
          eq(userCoupons.state, 'unused'),
          gt(userCoupons.validUntil, now),
          lte(userCoupons.validFrom, now),
        ),
      ),
});

/** Redeeming a code: the template or batch code it names, and what the user already holds of it. */
const createRedeemQueries = (db: DbOrTx) => ({
  async enabledTemplateByCode(tenantId: number, code: string): Promise<CouponTemplateRow | undefined> {
    const [template] = await db
      .select()
      .from(couponTemplates)
      .where(
        and(
          eq(couponTemplates.tenantId, tenantId),
          eq(couponTemplates.code, code),
          eq(couponTemplates.status, 1),
        ),
      )
      .limit(1);
    return template;
  },

  /** A batch's own redeem code with its template, locked until the transaction ends. */
  async lockBatchCode(tenantId: number, code: string) {
    const [row] = await db
      .select({ code: couponCodes, template: couponTemplates })
      .from(couponCodes)
      .innerJoin(couponTemplates, eq(couponTemplates.id, couponCodes.templateId))
      .where(and(eq(couponCodes.tenantId, tenantId), eq(couponCodes.code, code)))
      .for('update', { of: couponCodes });
    return row;
  },

  async markCodeRedeemed(id: number, userId: number, userCouponId: number, now: Date) {
    await db.update(couponCodes).set({ userId, userCouponId, redeemedAt: now }).where(eq(couponCodes.id, id));
  },

  async heldFromTemplate(tenantId: number, userId: number, templateId: number) {
    const [had] = await db
      .select({ n: count() })
      .from(userCoupons)
      .where(
        and(
          eq(userCoupons.tenantId, tenantId),
          eq(userCoupons.userId, userId),
          eq(userCoupons.templateId, templateId),
        ),
      );
    return had?.n ?? 0;
  },
});

/** Issuing coupons: the system cash templates, a template's stock and the coupon row. */
const createCouponIssuing = (db: DbOrTx) => ({
  /**
   * The system template of a cash coupon worth `value` fen named `name` (no code, no stock), made once; one an
   * earlier release made without translations gets them.
   */
  async systemCashTemplate(
    tenantId: number,
    name: string,
    i18n: StoredTranslations,
    value: number,
    validDays: number,
    now: Date,
  ) {
    const where = and(
      eq(couponTemplates.tenantId, tenantId),
      isNull(couponTemplates.code),
      // Not a console batch (those have no shared code either, but a stock of codes).
      isNull(couponTemplates.stock),
      eq(couponTemplates.type, CouponType.Cash),
      eq(couponTemplates.value, value),
      eq(couponTemplates.threshold, 0),
      eq(couponTemplates.name, name),
    );
    const [found] = await db.select().from(couponTemplates).where(where).limit(1);
    if (found && (Object.keys(found.i18n).length || !Object.keys(i18n).length)) return found;
    if (found) {
      const [updated] = await db
        .update(couponTemplates)
        .set({ i18n })
        .where(eq(couponTemplates.id, found.id))
        .returning();
      return updated!;
    }
    const [made] = await db
      .insert(couponTemplates)
      .values({
        tenantId,
        name,
        i18n,
        type: CouponType.Cash,
        value,
        threshold: 0,
        validDays,
        perUserLimit: 0,
        createdAt: now,
      })
      .returning();
    return made!;
  },

  /** Takes one from the template's stock (unlimited when null); false when none is left. */
  async takeFromStock(templateId: number) {
    const taken = await db
      .update(couponTemplates)
      .set({ issued: sql`${couponTemplates.issued} + 1` })
      .where(
        and(
          eq(couponTemplates.id, templateId),
          sql`(${couponTemplates.stock} IS NULL OR ${couponTemplates.issued} < ${couponTemplates.stock})`,
        ),
      )
      .returning({ id: couponTemplates.id });
    return taken.length > 0;
  },

  async insert(values: typeof userCoupons.$inferInsert) {
    const [coupon] = await db.insert(userCoupons).values(values).returning();
    return coupon!;
  },
});

/** The queries of users' coupons and their templates. */
export const createCouponRepository = (db: DbOrTx) => ({
  ...createWalletCouponQueries(db),
  ...createRedeemQueries(db),
  ...createCouponIssuing(db),
});
export type CouponRepository = ReturnType<typeof createCouponRepository>;
