import {
  DELETION_COUNT_CAP,
  maskPhone,
  type DeletionLosses,
  type DeletionRequest,
  type ParsedBodyOf,
  type endpoints,
} from '@app/contract';
import './account-deletion.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db/client.js';
import { writeAudit } from '../../platform/audit/audit.js';
import { verifyPassword } from '../../platform/auth/password.js';
import type { SessionService } from '../../platform/auth/session.service.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { isVipAt } from '../../platform/identity/membership.js';
import type { UserRow } from '../../platform/identity/users.repository.js';
import { decisionNoticeInTx, type NoticeInTx } from '../../platform/notify.js';
import type { CaptchaService } from '../auth/index.js';
import type { OrderService } from '../commerce/index.js';
import type { PlazaModule } from '../plaza/index.js';
import type { AccountDeletionRepositories } from './account-deletion.repository.js';

const DAY_MS = 24 * 3600_000;

/** "YYYY-MM-DD HH:mm" in Asia/Shanghai, for notices and messages. */
export const shanghaiMinute = (date: Date): string =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export interface AccountDeletionDeps {
  store: AccountDeletionRepositories;
  clock: Clock;
  sessions: SessionService;
  /** Tells the user's other devices their session ended (the hub's forced log-out). */
  forceOffline: (uid: number, exceptSessionId: string) => Promise<void>;
  captcha: CaptchaService;
  orders: Pick<OrderService, 'beingPaid'>;
  plaza: Pick<PlazaModule['plaza'], 'myWorkCounts'>;
  /** app_config accountDeletion.coolingOffDays of the tenant. */
  coolingOffDays: (tenantId: number) => Promise<number>;
  noticeInTx: NoticeInTx;
  log: { warn(obj: object, msg: string): void };
}

/** A deletion refused while an order is being paid: it says which. */
const orderInProgress = (orderNo: string) => conflict('deletion_order_in_progress', { orderNo });

/** Requesting, listing what is lost, and cancelling an account's deletion (the user's own decisions). */
export const createAccountDeletionService = (deps: AccountDeletionDeps) => {
  const { store, clock, sessions, captcha, orders, plaza } = deps;
  const live = async ({ tenantId, uid }: Actor): Promise<UserRow> => {
    const user = await store.repos.users.liveById(tenantId, uid);
    if (!user) throw notFound('user_not_found');
    return user;
  };

  /** A fresh proof that the caller is the account's owner: the SMS code of the bound phone, or the password. */
  const prove = async (user: UserRow, proof: ParsedBodyOf<typeof endpoints.fakeDelete>) => {
    if (proof.code !== undefined) {
      if (!user.phone) throw conflict('deletion_no_phone');
      await captcha.verify({ tenantId: user.tenantId, phone: user.phone, code: proof.code });
      return;
    }
    if (!user.passwordHash) throw conflict('password_not_set');
    if (!(await verifyPassword(user.passwordHash, proof.password ?? '')))
      throw fieldError('password', 'deletion_password_wrong');
  };

  const pendingError = (due: Date) =>
    conflict('deletion_pending', { due: shanghaiMinute(due), dueAt: due.toISOString() });

  /** The user's notice of a request or a cancellation, stored with it; its push after the commit. */
  const noticeInTx = (tx: Tx, actor: Actor, kind: 'requested' | 'canceled', due?: Date) =>
    decisionNoticeInTx(deps.noticeInTx, deps.log, tx, {
      tenantId: actor.tenantId,
      uid: actor.uid,
      keys: { title: `account_deletion_${kind}_title`, content: `account_deletion_${kind}` },
      params: due ? { due: shanghaiMinute(due) } : {},
    });

  return {
    async losses(actor: Actor): Promise<DeletionLosses> {
      const user = await live(actor);
      const now = clock.now();
      const open = await orders.beingPaid(actor);
      const works = await plaza.myWorkCounts(actor, DELETION_COUNT_CAP);
      const vipLeftMs = isVipAt(user, now) && user.vipExpireAt ? user.vipExpireAt.getTime() - now.getTime() : 0;
      return {
        vipDaysLeft: Math.max(0, Math.ceil(vipLeftMs / DAY_MS)),
        vipExpireDate: user.vipExpireAt?.toISOString() ?? null,
        gold: user.gold,
        points: user.points,
        openOrders: open.map((o) => ({
          orderNo: o.orderNo,
          packageName: o.packageName,
          amountFen: o.amountFen,
          createTime: o.createdAt.toISOString(),
        })),
        works,
        coolingOffDays: await deps.coolingOffDays(actor.tenantId),
        proof: { phone: user.phone ? maskPhone(user.phone) : null, password: !!user.passwordHash },
        dueAt: user.deletionDueAt?.toISOString() ?? null,
      };
    },

    /** The SMS code for the deletion, sent to the bound phone (the page never holds the full number). */
    async sendCode(actor: Actor) {
      const user = await live(actor);
      if (!user.phone) throw conflict('deletion_no_phone');
      return captcha.send(actor, user.phone, { deviceId: null });
    },

    /**
     * The request: refused while an order is being paid (checked before the code is spent); then the proof,
     * and in one transaction the cooling-off period, its audit row and the user's notice. Every other session
     * ends at once; the caller's (`sessionId`) ends with its logout, after its confirmation screen.
     */
    async request(
      actor: Actor,
      sessionId: string,
      proof: ParsedBodyOf<typeof endpoints.fakeDelete>,
    ): Promise<DeletionRequest> {
      const user = await live(actor);
      if (user.deletionDueAt) throw pendingError(user.deletionDueAt);
      const [open] = await orders.beingPaid(actor);
      if (open) throw orderInProgress(open.orderNo);
      await prove(user, proof);
      const days = await deps.coolingOffDays(actor.tenantId);
      const requestedAt = clock.now();
      const dueAt = new Date(requestedAt.getTime() + days * DAY_MS);
      const push = await store.transaction(async ({ users, deletions }, tx) => {
        const locked = await users.lockLive(actor.tenantId, actor.uid);
        if (!locked) throw notFound('user_not_found');
        if (locked.deletionDueAt) throw pendingError(locked.deletionDueAt);
        // An order made since the first look (the row lock keeps a second request out, not a purchase).
        const [late] = await orders.beingPaid(actor, tx);
        if (late) throw orderInProgress(late.orderNo);
        await deletions.schedule(actor.tenantId, actor.uid, requestedAt, dueAt);
        await writeAudit(tx, actor, {
          action: 'account.deletion_request',
          targetType: 'user',
          targetId: actor.uid,
          after: { dueAt: dueAt.toISOString() },
        });
        return noticeInTx(tx, actor, 'requested', dueAt);
      });
      await push();
      await sessions.revokeAllForUser(actor.uid, sessionId);
      await deps.forceOffline(actor.uid, sessionId);
      return { requestedAt: requestedAt.toISOString(), dueAt: dueAt.toISOString() };
    },

    /** Cancelling during the cooling-off period (the screen after a login offers it): nothing else changes. */
    async cancel(actor: Actor): Promise<boolean> {
      const now = clock.now();
      const push = await store.transaction(async ({ users, deletions }, tx) => {
        const locked = await users.lockLive(actor.tenantId, actor.uid);
        if (!locked) throw notFound('user_not_found');
        if (!locked.deletionDueAt || !(await deletions.cancel(actor.tenantId, actor.uid, now)))
          throw conflict('deletion_not_pending');
        await writeAudit(tx, actor, {
          action: 'account.deletion_cancel',
          targetType: 'user',
          targetId: actor.uid,
          before: { dueAt: locked.deletionDueAt.toISOString() },
        });
        return noticeInTx(tx, actor, 'canceled');
      });
      await push();
      return true;
    },
  };
};
export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
