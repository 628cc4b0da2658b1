import { and, count, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { endpoints, ParsedBodyOf } from '@app/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import { paged } from '../../../platform/db/paged.js';
import { escapeLike, sortedBy } from '../../../platform/db/sql.js';
import { users } from '../../../platform/identity/identity.table.js';
import { authorSummaryColumns } from '../../../platform/identity/author.js';
import { couponCodes, couponTemplates, goldPackages, payOrders, userCoupons } from '../commerce.table.js';

type PackageValues = typeof goldPackages.$inferInsert;
type CodePageQuery = ParsedBodyOf<typeof endpoints.consoleCouponCodePage>;

/** Packages as operators edit them, with how many each sold. */
const createPackageEditorQueries = (db: DbOrTx) => ({
  /** How many paid orders each package has. */
  async soldCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: payOrders.packageId, n: sql<number>`count(*)::int` })
      .from(payOrders)
      .where(and(inArray(payOrders.packageId, ids), eq(payOrders.state, 'paid')))
      .groupBy(payOrders.packageId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  },

  packagePage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consolePackagePage>) {
    const conditions: SQL[] = [eq(goldPackages.tenantId, tenantId)];
    if (q.filters.status !== undefined) conditions.push(eq(goldPackages.status, q.filters.status));
    if (q.filters.packageType) conditions.push(eq(goldPackages.packageType, q.filters.packageType));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(goldPackages)
        .where(where)
        .orderBy(
          ...sortedBy(
            { orderNo: goldPackages.orderNo, priceFen: goldPackages.priceFen, id: goldPackages.id },
            q,
            'orderNo',
            goldPackages.id,
          ),
        ),
      db.select({ total: count() }).from(goldPackages).where(where),
    );
  },

  async insertPackage(values: PackageValues) {
    const [row] = await db.insert(goldPackages).values(values).returning();
    return row!;
  },

  /** A package of the tenant, its row locked for the rest of the transaction. */
  async lockPackage(tenantId: number, id: number) {
    const [row] = await db
      .select()
      .from(goldPackages)
      .where(and(eq(goldPackages.tenantId, tenantId), eq(goldPackages.id, id)))
      .for('update');
    return row;
  },

  async updatePackage(tenantId: number, id: number, values: Partial<PackageValues>) {
    const [row] = await db
      .update(goldPackages)
      .set(values)
      .where(and(eq(goldPackages.tenantId, tenantId), eq(goldPackages.id, id)))
      .returning();
    return row!;
  },
});

/** Coupon batches, their codes and who redeemed them. */
const createCouponBatchQueries = (db: DbOrTx) => ({
  /** How many coupons of each template were used. */
  async usedCounts(templateIds: number[]): Promise<Map<number, number>> {
    if (!templateIds.length) return new Map();
    const rows = await db
      .select({ id: userCoupons.templateId, n: sql<number>`count(*)::int` })
      .from(userCoupons)
      .where(and(inArray(userCoupons.templateId, templateIds), eq(userCoupons.state, 'used')))
      .groupBy(userCoupons.templateId);
    return new Map(rows.map((u) => [u.id, Number(u.n)]));
  },

  /** Templates that are batches: with a shared code, or with codes of their own. */
  batchPage(tenantId: number, q: ParsedBodyOf<typeof endpoints.consoleCouponBatchPage>) {
    const hasOwnCodes = db
      .select({ id: couponCodes.id })
      .from(couponCodes)
      .where(eq(couponCodes.templateId, couponTemplates.id));
    const conditions: SQL[] = [
      eq(couponTemplates.tenantId, tenantId),
      or(isNotNull(couponTemplates.code), exists(hasOwnCodes))!,
    ];
    if (q.filters.keyword) conditions.push(ilike(couponTemplates.name, `%${escapeLike(q.filters.keyword)}%`));
    const where = and(...conditions);
    return paged(
      q,
      db
        .select()
        .from(couponTemplates)
        .where(where)
        .orderBy(...sortedBy({ createTime: couponTemplates.createdAt }, q, 'createTime', couponTemplates.id)),
      db.select({ total: count() }).from(couponTemplates).where(where),
    );
  },

  async insertTemplate(values: typeof couponTemplates.$inferInsert) {
    const [row] = await db.insert(couponTemplates).values(values).returning();
    return row!;
  },

  async template(tenantId: number, id: number) {
    const [row] = await db
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.tenantId, tenantId), eq(couponTemplates.id, id)));
    return row;
  },

  /** Stores the codes no other code already has; how many were stored. */
  async insertCodes(tenantId: number, templateId: number, codes: string[], now: Date): Promise<number> {
    const rows = await db
      .insert(couponCodes)
      .values(codes.map((code) => ({ tenantId, templateId, code, createdAt: now })))
      .onConflictDoNothing()
      .returning({ id: couponCodes.id });
    return rows.length;
  },

  /** A batch's own codes, each with who redeemed it and the coupon it became. */
  ownCodePage(templateId: number, q: CodePageQuery) {
    const conditions: SQL[] = [eq(couponCodes.templateId, templateId)];
    if (q.filters.redeemed !== undefined)
      conditions.push(
        q.filters.redeemed ? isNotNull(couponCodes.redeemedAt) : isNull(couponCodes.redeemedAt),
      );
    const where = and(...conditions);
    return paged(
      q,
      db
        .select({ code: couponCodes, user: authorSummaryColumns, coupon: userCoupons })
        .from(couponCodes)
        .leftJoin(users, eq(users.id, couponCodes.userId))
        .leftJoin(userCoupons, eq(userCoupons.id, couponCodes.userCouponId))
        .where(where)
        .orderBy(...sortedBy({ redeemTime: couponCodes.redeemedAt }, q, 'redeemTime', couponCodes.id)),
      db.select({ total: count() }).from(couponCodes).where(where),
    );
  },

  /** The coupons a shared-code batch gave out, with their holders. */
  redemptionPage(tenantId: number, templateId: number, q: CodePageQuery) {
    const where = and(eq(userCoupons.tenantId, tenantId), eq(userCoupons.templateId, templateId));
    return paged(
      q,
      db
        .select({ coupon: userCoupons, user: authorSummaryColumns })
        .from(userCoupons)
        .innerJoin(users, eq(users.id, userCoupons.userId))
        .where(where)
        .orderBy(...sortedBy({ redeemTime: userCoupons.createdAt }, q, 'redeemTime', userCoupons.id)),
      db.select({ total: count() }).from(userCoupons).where(where),
    );
  },
});

/** The operators' queries of packages, coupon batches and their codes. */
export const createCommerceEditorsRepository = (db: DbOrTx) => ({
  ...createPackageEditorQueries(db),
  ...createCouponBatchQueries(db),
});
export type CommerceEditorsRepository = ReturnType<typeof createCommerceEditorsRepository>;
