import type { ProvenanceResult } from '@app/contract';
import './provenance.messages.js';
import type { AigcSigner } from '../../platform/aigc/aigc-label.js';
import { parseProduceId } from '../../platform/aigc/aigc-label.js';
import { readAigcLabel } from '../../platform/aigc/aigc-read.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { authorSummariesOf } from '../../platform/identity/author.js';
import type { Actor } from '../../platform/identity/actor.js';

/**
 * 内容溯源: reads a dropped file's hidden AI label, checks its signatures with our secret and, when the signature
 * holds and the label is ours, names the task its ProduceID leads to and the task's owner (of the operator's
 * tenant only). A label whose fields were edited fails the signature and names nothing.
 */
export const createProvenance = (deps: { db: DbOrTx; aigc: AigcSigner }) => ({
  async check(actor: Actor, file: Buffer): Promise<ProvenanceResult> {
    const { kind, label } = await readAigcLabel(file);
    const empty = { fileKind: kind, label, ours: false, propagationValid: null, task: null, user: null };
    if (!label) return { ...empty, found: false, signatureValid: false };
    const { produced, propagation } = deps.aigc.verify(label);
    const source = produced ? parseProduceId(label.ProduceID) : null;
    const ours = produced && label.ContentProducer === deps.aigc.producer;
    if (!source || !ours || source.tenantId !== actor.tenantId)
      return { ...empty, found: true, ours, signatureValid: produced, propagationValid: propagation };
    const owner = (await authorSummariesOf(deps.db, [source.userId])).get(source.userId);
    return {
      fileKind: kind,
      found: true,
      label,
      ours,
      signatureValid: true,
      propagationValid: propagation,
      task: { kind: source.kind, id: source.taskId, index: source.index ?? 0, createdAt: source.at.toISOString() },
      user: { id: source.userId, nickName: owner?.nickName ?? '' },
    };
  },
});
export type Provenance = ReturnType<typeof createProvenance>;
