import { and, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { paged } from '../../../platform/db/paged.js';
import { users } from '../../../platform/identity/identity.table.js';
import { goldPackages, payOrders, userCoupons } from '../commerce.table.js';
import type { CouponRow, OrderRow, PackageRow } from '../commerce.mappers.js';

type OrderState = OrderRow['state'];

/** The package, coupon and member an order is made of. */
const createPurchaseLookups = (db: DbOrTx) => ({
  async enabledPackage(tenantId: number, packageId: number): Promise<PackageRow | undefined> {
    const [pkg] = await db
      .select()
      .from(goldPackages)
      .where(
        and(eq(goldPackages.tenantId, tenantId), eq(goldPackages.id, packageId), eq(goldPackages.status, 1)),
      )
      .limit(1);
    return pkg;
  },

  async couponOf(tenantId: number, userId: number, couponId: number): Promise<CouponRow | undefined> {
    const [coupon] = await db
      .select()
      .from(userCoupons)
      .where(
        and(eq(userCoupons.tenantId, tenantId), eq(userCoupons.userId, userId), eq(userCoupons.id, couponId)),
      )
      .limit(1);
    return coupon;
  },

  /** Locks the user's row for the rest of the transaction; the membership as it stands. */
  async lockMember(tenantId: number, userId: number) {
    const [row] = await db
      .select({ gold: users.gold, vipLevel: users.vipLevel, vipExpireAt: users.vipExpireAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
      .for('update');
    return row;
  },

  /** The user's gold balance as it stands (no lock: a preview). */
  async memberGold(tenantId: number, userId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ gold: users.gold })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
    return row?.gold;
  },

  async setMembership(userId: number, change: { vipLevel?: number; vipExpireAt: Date; updatedAt: Date }) {
    await db.update(users).set(change).where(eq(users.id, userId));
  },
});

/** An order's rows and state changes, with the coupons they reserve and spend. */
const createOrderChanges = (db: DbOrTx) => ({
  async insert(values: typeof payOrders.$inferInsert): Promise<OrderRow> {
    const [order] = await db.insert(payOrders).values(values).returning();
    return order!;
  },

  /** Reserves an unused, unexpired coupon for the order: false when another order took it first. */
  async reserveCoupon(couponId: number, orderId: number, now: Date) {
    const reserved = await db
      .update(userCoupons)
      .set({ state: 'reserved', orderId })
      .where(
        and(eq(userCoupons.id, couponId), eq(userCoupons.state, 'unused'), gt(userCoupons.validUntil, now)),
      )
      .returning({ id: userCoupons.id });
    return reserved.length > 0;
  },

  /** The coupons these orders had reserved become unused again. */
  async releaseCoupons(orderIds: number[]) {
    if (!orderIds.length) return;
    await db
      .update(userCoupons)
      .set({ state: 'unused', orderId: null })
      .where(and(inArray(userCoupons.orderId, orderIds), eq(userCoupons.state, 'reserved')));
  },

  /** The order's coupon is spent (reserved by this order, or still unused). */
  async spendCoupon(couponId: number, orderId: number, now: Date) {
    await db
      .update(userCoupons)
      .set({ state: 'used', usedAt: now, orderId })
      .where(
        and(
          eq(userCoupons.id, couponId),
          sql`(${userCoupons.orderId} = ${orderId} OR ${userCoupons.state} = 'unused')`,
        ),
      );
  },

  async stateOf(orderId: number): Promise<OrderState | undefined> {
    const [row] = await db
      .select({ state: payOrders.state })
      .from(payOrders)
      .where(eq(payOrders.id, orderId));
    return row?.state;
  },

  /** Paid, when the order is in one of `from` (and not past its time with `checkExpiry`): one caller wins. */
  async markPaid(
    orderId: number,
    now: Date,
    options: { tradeNo?: string; from: OrderState[]; checkExpiry: boolean },
  ): Promise<OrderRow | undefined> {
    const conditions: SQL[] = [eq(payOrders.id, orderId), inArray(payOrders.state, options.from)];
    if (options.checkExpiry) conditions.push(gt(payOrders.expiresAt, now));
    const [order] = await db
      .update(payOrders)
      .set({ state: 'paid', paidAt: now, tradeNo: options.tradeNo ?? null })
      .where(and(...conditions))
      .returning();
    return order;
  },

  /** Pending orders become `state` (canceled by their user or expired); the rows changed. */
  closePending(
    state: 'canceled' | 'expired',
    now: Date,
    scope: { tenantId?: number; userId?: number; orderId?: number; dueBy?: Date },
  ): Promise<OrderRow[]> {
    const conditions: SQL[] = [eq(payOrders.state, 'pending')];
    if (scope.dueBy) conditions.push(lte(payOrders.expiresAt, scope.dueBy));
    if (scope.tenantId !== undefined) conditions.push(eq(payOrders.tenantId, scope.tenantId));
    if (scope.userId !== undefined) conditions.push(eq(payOrders.userId, scope.userId));
    if (scope.orderId !== undefined) conditions.push(eq(payOrders.id, scope.orderId));
    return db
      .update(payOrders)
      .set({ state, canceledAt: now })
      .where(and(...conditions))
      .returning();
  },

  async markRefunded(orderId: number, now: Date, remark?: string): Promise<OrderRow | undefined> {
    const [order] = await db
      .update(payOrders)
      .set({ state: 'refunded', refundedAt: now, ...(remark ? { remark } : {}) })
      .where(and(eq(payOrders.id, orderId), eq(payOrders.state, 'paid')))
      .returning();
    return order;
  },

  async update(orderId: number, change: Partial<typeof payOrders.$inferInsert>): Promise<OrderRow> {
    const [row] = await db.update(payOrders).set(change).where(eq(payOrders.id, orderId)).returning();
    return row!;
  },
});

/** Reading orders: one, by number, today's free one and pages. */
const createOrderReads = (db: DbOrTx) => ({
  async find(
    tenantId: number,
    where: { id?: number; orderNo?: string },
    userId?: number,
  ): Promise<OrderRow | undefined> {
    const conditions: SQL[] = [eq(payOrders.tenantId, tenantId)];
    if (where.id !== undefined) conditions.push(eq(payOrders.id, where.id));
    if (where.orderNo !== undefined) conditions.push(eq(payOrders.orderNo, where.orderNo));
    if (userId !== undefined) conditions.push(eq(payOrders.userId, userId));
    const [row] = await db
      .select()
      .from(payOrders)
      .where(and(...conditions))
      .limit(1);
    return row;
  },

  /** By out_trade_no alone: a provider's notification names no tenant. */
  async byOrderNo(orderNo: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)).limit(1);
    return row;
  },

  async paidFreeOn(tenantId: number, userId: number, date: string) {
    const [row] = await db
      .select({ n: count() })
      .from(payOrders)
      .where(
        and(
          eq(payOrders.tenantId, tenantId),
          eq(payOrders.userId, userId),
          eq(payOrders.freeDay, date),
          eq(payOrders.state, 'paid'),
        ),
      );
    return row?.n ?? 0;
  },

  /** The user's orders being paid, oldest first, at most `limit` (pay_order_user_pending_idx). */
  pendingOf(tenantId: number, userId: number, limit: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.tenantId, tenantId), eq(payOrders.userId, userId), eq(payOrders.state, 'pending')))
      .orderBy(payOrders.createdAt)
      .limit(limit);
  },

  page(tenantId: number, userId: number | null, q: { page: number; pageSize: number; state?: OrderState }) {
    const conditions: SQL[] = [eq(payOrders.tenantId, tenantId)];
    if (userId !== null) conditions.push(eq(payOrders.userId, userId));
    if (q.state) conditions.push(eq(payOrders.state, q.state));
    const where = and(...conditions);
    return paged(
      q,
      db.select().from(payOrders).where(where).orderBy(desc(payOrders.createdAt), desc(payOrders.id)),
      db.select({ total: count() }).from(payOrders).where(where),
    );
  },
});

/** The queries of orders and of the coupons they reserve (the tables are the commerce module's). */
export const createOrderRepository = (db: DbOrTx) => ({
  ...createPurchaseLookups(db),
  ...createOrderChanges(db),
  ...createOrderReads(db),
});
export type OrderRepository = ReturnType<typeof createOrderRepository>;
