import './audit.messages.js';
import type { DbOrTx } from '../db/client.js';
import type { Actor } from '../identity/actor.js';
import { auditLog } from './audit.table.js';

/** The operator behind a change, as the audit log records them. */
export type AuditActor = Pick<Actor, 'tenantId' | 'uid' | 'ip'>;

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
export const writeAudit = async (tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> => {
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
