import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { decisionNoticeInTx, type NoticeInTx } from '../../platform/notify.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { ModerationRepository } from './moderation.repository.js';
import type { PlazaDeps } from './plaza.deps.js';
import type { PlazaRepositories } from './plaza.repository.js';

/** What every part of moderation is given. */
export interface ModerationDeps {
  /** The database, for the authors' summaries and the drawing module's reads. */
  db: Db;
  store: PlazaRepositories;
  clock: Clock;
  /** The user's notice of a decision, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
  log: FastifyBaseLogger;
  storage: FileStorage;
  /** The plaza's propagation fields for the files of a work going public (an approved one). */
  propagateFiles?: PlazaDeps['propagateFiles'];
}

/**
 * The steps several decisions share, each inside the decision's transaction: the user's notice, a work's
 * take-down and a comment's deletion (each with its audit row).
 */
export const createModerationSteps = ({ store, clock, noticeInTx, log }: ModerationDeps) => {
  /** A system notice from message keys stored with the decision's transaction; answers its push (after the commit). */
  const tellInTx = (
    tx: DbOrTx,
    tenantId: number,
    recipientId: number,
    keys: { title: string; content: string },
    params: Record<string, string> = {},
    link?: string,
  ) => decisionNoticeInTx(noticeInTx, log, tx, { tenantId, uid: recipientId, keys, params, link });

  const contentRow = async (tx: Tx, tenantId: number, id: number) => {
    const row = await store.within(tx).moderation.content(tenantId, id);
    if (!row) throw notFound('article_not_found');
    return row;
  };

  /** Takes a work down inside a transaction (the audit row with it); null when it was not published. */
  const takeDownInTx = async (tx: Tx, actor: Actor, id: number, reason: string) => {
    const row = await contentRow(tx, actor.tenantId, id);
    if (row.status !== 'published') return null;
    await store.within(tx).moderation.update(id, {
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
    const comments = store.within(tx).moderation;
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
