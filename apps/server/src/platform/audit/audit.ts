import './audit.messages.js';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from './audit.table.js';

/** The operator behind a change, as the audit log records them. */
export interface Actor {
  uid: number;
  tenantId: number;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number | null;
  /** What the changed fields held before, and hold after (null for a creation, a deletion or a read). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Writes one audit row; call it with the transaction of the change it records. */
export const writeAudit = async (tx: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditLog).values({
    tenantId: actor.tenantId,
    operatorId: actor.uid,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: actor.ip,
  });
};

/** The actor of an operator endpoint's request. */
export const actorOf = (input: { auth: { uid: number; tenantId: number }; ip: string }): Actor => ({
  uid: input.auth.uid,
  tenantId: input.auth.tenantId,
  ip: input.ip || null,
});
