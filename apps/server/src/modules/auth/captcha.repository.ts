import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { smsCaptchas } from './auth.table.js';

export type CaptchaRow = typeof smsCaptchas.$inferSelect;

/** The SMS codes sent: the limits count them, a log-in checks and consumes the latest. */
export const createCaptchaRepository = (db: DbOrTx) => ({
  /** Serialises sends to one phone for the rest of the transaction. */
  async lockPhone(tenantId: number, phone: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${tenantId}:${phone}`}))`);
  },

  async lastSentAt(tenantId: number, phone: string): Promise<Date | undefined> {
    const [last] = await db
      .select({ createdAt: smsCaptchas.createdAt })
      .from(smsCaptchas)
      .where(and(eq(smsCaptchas.tenantId, tenantId), eq(smsCaptchas.phone, phone)))
      .orderBy(desc(smsCaptchas.createdAt))
      .limit(1);
    return last?.createdAt;
  },

  async sentToPhoneSince(tenantId: number, phone: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(smsCaptchas)
      .where(
        and(
          eq(smsCaptchas.tenantId, tenantId),
          eq(smsCaptchas.phone, phone),
          gte(smsCaptchas.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  },

  /** Across tenants: switching the TenantId header must not reset an IP's count. */
  async sentFromIpSince(ip: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(smsCaptchas)
      .where(and(eq(smsCaptchas.ip, ip), gte(smsCaptchas.createdAt, since)));
    return row?.n ?? 0;
  },

  /** Codes sent for one device since `since` (across tenants, like the address's count). */
  async sentFromDeviceSince(deviceId: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(smsCaptchas)
      .where(and(eq(smsCaptchas.deviceId, deviceId), gte(smsCaptchas.createdAt, since)));
    return row?.n ?? 0;
  },

  async insert(values: typeof smsCaptchas.$inferInsert): Promise<number> {
    const [row] = await db.insert(smsCaptchas).values(values).returning({ id: smsCaptchas.id });
    return row!.id;
  },

  async remove(id: number) {
    await db.delete(smsCaptchas).where(eq(smsCaptchas.id, id));
  },

  /** The latest code sent to the phone, its row locked for the rest of the transaction. */
  async lockLatest(tenantId: number, phone: string): Promise<CaptchaRow | undefined> {
    const [row] = await db
      .select()
      .from(smsCaptchas)
      .where(and(eq(smsCaptchas.tenantId, tenantId), eq(smsCaptchas.phone, phone)))
      .orderBy(desc(smsCaptchas.createdAt))
      .limit(1)
      .for('update');
    return row;
  },

  async update(id: number, change: { attempts?: number; usedAt?: Date }) {
    await db.update(smsCaptchas).set(change).where(eq(smsCaptchas.id, id));
  },
});
