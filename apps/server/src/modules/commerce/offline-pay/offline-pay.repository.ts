import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { commerceSettings, payOrders } from '../commerce.table.js';
import type { OrderRow } from '../commerce.mappers.js';

/** The row key of the offline payee in commerce_setting. */
export const OFFLINE_PAY_KEY = 'offline_pay';

export type SettingRow = typeof commerceSettings.$inferSelect;

/** Commerce's settings rows (one per tenant and key) and an offline order's transfer screenshot. */
export const createOfflinePayRepository = (db: DbOrTx) => ({
  async setting(tenantId: number, key: string): Promise<SettingRow | undefined> {
    const [row] = await db
      .select()
      .from(commerceSettings)
      .where(and(eq(commerceSettings.tenantId, tenantId), eq(commerceSettings.key, key)));
    return row;
  },

  /** The row as it stands, locked for the rest of the caller's transaction (undefined: never saved). */
  async lockSetting(tenantId: number, key: string): Promise<SettingRow | undefined> {
    const [row] = await db
      .select()
      .from(commerceSettings)
      .where(and(eq(commerceSettings.tenantId, tenantId), eq(commerceSettings.key, key)))
      .for('update');
    return row;
  },

  async saveSetting(tenantId: number, key: string, data: Record<string, unknown>, now: Date) {
    await db
      .insert(commerceSettings)
      .values({ tenantId, key, data, updatedAt: now })
      .onConflictDoUpdate({
        target: [commerceSettings.tenantId, commerceSettings.key],
        set: { data, updatedAt: now },
      });
  },

  /**
   * Sets the screenshot of the buyer's offline order while it is still pending and not yet due; undefined when
   * it is not (paid, closed or expired meanwhile): the check and the change are one statement.
   */
  async attachProof(
    where: { tenantId: number; userId: number; orderId: number; payMethod: number },
    fileId: number,
    now: Date,
  ): Promise<OrderRow | undefined> {
    const [row] = await db
      .update(payOrders)
      .set({ transferFileId: fileId, transferAt: now })
      .where(
        and(
          eq(payOrders.id, where.orderId),
          eq(payOrders.tenantId, where.tenantId),
          eq(payOrders.userId, where.userId),
          eq(payOrders.payMethod, where.payMethod),
          eq(payOrders.state, 'pending'),
          gt(payOrders.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },
});
export type OfflinePayRepository = ReturnType<typeof createOfflinePayRepository>;
