import { LEDGER_REASONS, type LedgerReason } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import './wallet.messages.js';
import type { DbOrTx } from '../db/client.js';
import { AppError } from '../errors.js';
import { users } from '../identity/identity.table.js';
import { ledger } from './wallet.table.js';

export type Currency = 'gold' | 'points';

export interface BalanceChange {
  tenantId: number;
  userId: number;
  currency: Currency;
  /** Positive credits, negative debits. */
  amount: number;
  /** One of the contract's LEDGER_REASONS: the web labels each (a new reason goes into that list first). */
  reason: LedgerReason;
  refType?: string;
  refId?: string;
  /** When it happened, from the caller's injected clock (the ledger row's time). */
  at: Date;
}

/**
 * Changes a balance and writes its ledger row. Call inside the transaction of the business change.
 * The update is conditional, so concurrent debits can never take a balance below zero.
 */
/**
 * Refuses a reason outside the contract's list (a programming error): every row the records page shows has a
 * label in five languages only because every reason written is listed (the web's test walks the list).
 */
export const assertLedgerReason = (reason: string): void => {
  if (!(LEDGER_REASONS as readonly string[]).includes(reason))
    throw new Error(`ledger reason "${reason}" is not in the contract's LEDGER_REASONS`);
};

export const changeBalance = async (tx: DbOrTx, change: BalanceChange): Promise<number> => {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0)
    throw new Error('amount must be a non-zero integer');
  assertLedgerReason(change.reason);
  const column = change.currency === 'gold' ? users.gold : users.points;
  const [row] = await tx
    .update(users)
    .set(
      change.currency === 'gold'
        ? { gold: sql`${users.gold} + ${change.amount}` }
        : { points: sql`${users.points} + ${change.amount}` },
    )
    .where(
      and(
        eq(users.id, change.userId),
        eq(users.tenantId, change.tenantId),
        sql`${column} + ${change.amount} >= 0`,
      ),
    )
    .returning({ balance: column });
  if (!row) {
    // Say how much is missing (the page offers ways to earn or buy it): need, balance and shortfall in extras.
    const [current] = await tx
      .select({ balance: column })
      .from(users)
      .where(and(eq(users.id, change.userId), eq(users.tenantId, change.tenantId)));
    const balance = current?.balance ?? 0;
    const need = -change.amount;
    throw new AppError(409, change.currency === 'gold' ? 'insufficient_gold' : 'insufficient_points', {
      need,
      balance,
      missing: Math.max(0, need - balance),
    });
  }
  await tx.insert(ledger).values({
    tenantId: change.tenantId,
    userId: change.userId,
    currency: change.currency,
    amount: change.amount,
    balanceAfter: row.balance,
    reason: change.reason,
    refType: change.refType ?? null,
    refId: change.refId ?? null,
    createdAt: change.at,
  });
  return row.balance;
};
