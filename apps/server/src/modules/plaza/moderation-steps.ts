import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { decisionNoticeInTx, type NoticeInTx } from '../../platform/notify.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { createModerationRepository, type ModerationRepository } from './moderation.repository.js';

/** What every part of moderation is given. */
export interface ModerationDeps {
  db: Db;
  clock: Clock;
  /** The user's notice of a decision, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
  log: FastifyBaseLogger;
  storage: FileStorage;
}

/**
 * The steps several decisions share, each inside the decision's transaction: the user's notice, a work's
 * take-down and a comment's deletion (each with its audit row).
 */
export const createModerationSteps = ({ clock, noticeInTx, log }: ModerationDeps) => {
  /** A system notice from message keys stored with the decision's transaction; answers its push (after the commit). */
  const tellInTx = (
    tx: DbOrTx,
    tenantId: number,
    userId: number,
    keys: { title: string; content: string },
    params: Record<string, string> = {},
  ) => decisionNoticeInTx(noticeInTx, log, tx, { tenantId, uid: userId, keys, params });

  const contentRow = async (tx: DbOrTx, tenantId: number, id: number) => {
    const row = await createModerationRepository(tx).content(tenantId, id);
    if (!row) throw notFound('article_not_found');
    return row;
  };

  /** Takes a work down inside a transaction (the audit row with it); null when it was not published. */
  const takeDownInTx = async (tx: Tx, actor: Actor, id: number, reason: string) => {
    const row = await contentRow(tx, actor.tenantId, id);
    if (row.status !== 'published') return null;
    await createModerationRepository(tx).update(id, {
      status: 'taken_down',
      takedownReason: reason,
      takenDownBy: actor.uid,
      pinnedAt: null,
      updatedAt: clock.now(),
    });
    await writeAudit(tx, actor, {
      action: 'content.take_down',
      targetType: 'article',
      targetId: id,
      before: { status: row.status },
      after: { status: 'taken_down' },
      reason,
    });
    return row;
  };

  /** Deletes a comment inside a transaction (the audit row with it); null when it was deleted already. */
  const deleteCommentInTx = async (tx: Tx, actor: Actor, id: number, reason: string) => {
    const comments = createModerationRepository(tx);
    const row = await comments.comment(actor.tenantId, id);
    if (!row) throw notFound('comment_not_found');
    if (row.deletedAt) return null;
    await comments.deleteComment(row, clock.now());
    await writeAudit(tx, actor, {
      action: 'comment.delete',
      targetType: 'comment',
      targetId: id,
      before: { content: row.content, deletedAt: null },
      after: { deleted: true },
      reason,
    });
    return row;
  };

  return { tellInTx, contentRow, takeDownInTx, deleteCommentInTx };
};

/** What a part of moderation works with: its dependencies, the repository and the shared steps. */
export interface ModerationPartDeps extends ModerationDeps {
  repo: ModerationRepository;
  steps: ReturnType<typeof createModerationSteps>;
}
