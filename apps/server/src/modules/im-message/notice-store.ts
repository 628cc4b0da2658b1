import type { ImMessage } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import type { NotifyInput } from '../../platform/notify.js';
import { createImMessageRepository } from './im-message.repository.js';

/**
 * Stores a message-centre notice with the caller's transaction, so it commits or rolls back with the change it
 * tells of (e.g. the welcome gift of a sign-up). Not pushed: the caller pushes after commit when someone listens.
 */
export const storeNoticeInTx = (
  tx: DbOrTx,
  notice: { tenantId: number; uid: number; at: Date; input: NotifyInput },
): Promise<ImMessage> =>
  createImMessageRepository(tx).insert({
    tenantId: notice.tenantId,
    userId: notice.uid,
    type: notice.input.type,
    title: notice.input.title,
    content: notice.input.content,
    link: notice.input.link ?? null,
    data: notice.input.i18n ? { ...notice.input.data, i18n: notice.input.i18n } : (notice.input.data ?? null),
    senderId: notice.input.senderId ?? null,
    peerId: notice.input.peerId ?? notice.input.senderId ?? null,
    checked: false,
    receiveTime: notice.at,
  });
