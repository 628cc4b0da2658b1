import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Clock } from '../../../platform/clock.js';
import type { Db, DbOrTx } from '../../../platform/db/client.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import { notFound } from '../../../platform/errors.js';
import type { Hub } from '../../../platform/hub/hub.js';
import { decisionNoticeInTx, type NoticeInTx } from '../../../platform/notify.js';
import type { PayGateways } from '../../../platform/pay/gateways.js';
import type { OrderRow } from '../commerce.mappers.js';
import { createOrderFulfilment } from './fulfilment.js';
import { createOrderPayment } from './payment.js';
import { createOrderQuote } from './quote.js';
import type { OrderRepository } from './order.repository.js';

export interface OrderDeps {
  store: CommerceRepositories;
  /** For other modules' functions that read with a database (the buyer's WeChat binding). */
  db: Db;
  clock: Clock;
  config: Config;
  gateways: PayGateways;
  hub: Pick<Hub, 'sendToUser'>;
  log: FastifyBaseLogger;
  /** The buyer's notice of an operator's decision, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
}

/** The steps the buyer's and the operators' sides share: finding an order, closing pending ones, telling the buyer. */
const createOrderSteps = ({ store, clock, log, noticeInTx }: OrderDeps) => {
  const { orders: repo } = store.repos;
  /** The buyer's notice of an operator's decision on their order, in the decision's transaction. */
  const tellBuyer = (
    tx: DbOrTx,
    order: { tenantId: number; userId: number },
    keys: { title: string; content: string },
    params: Record<string, string>,
  ) =>
    decisionNoticeInTx(noticeInTx, log, tx, {
      tenantId: order.tenantId,
      uid: order.userId,
      keys,
      params,
    });

  /**
   * Closes a pending order (or the due ones in scope) and releases the coupons they had reserved (`orders`: the
   * order repository over the caller's transaction).
   */
  const closeInTx = async (
    orders: OrderRepository,
    state: 'canceled' | 'expired',
    now: Date,
    scope: Parameters<OrderRepository['closePending']>[2],
  ) => {
    const closed = await orders.closePending(state, now, scope);
    await orders.releaseCoupons(closed.map((o) => o.id));
    return closed;
  };

  /** Expires due pending orders (all, or one user's) and releases their coupons. Lazy on reads and swept. */
  const expireDue = async (scope?: { tenantId: number; userId?: number; orderId?: number }) => {
    const now = clock.now();
    const expired = await store.transaction(({ orders }) =>
      closeInTx(orders, 'expired', now, { ...scope, dueBy: now }),
    );
    return expired.length;
  };

  const cancelPending = async (orderId: number): Promise<OrderRow | null> => {
    const [row] = await store.transaction(({ orders }) =>
      closeInTx(orders, 'canceled', clock.now(), { orderId }),
    );
    return row ?? null;
  };

  const findOrder = async (tenantId: number, where: { id?: number; orderNo?: string }, userId?: number) => {
    const row = await repo.find(tenantId, where, userId);
    if (!row) throw notFound('order_not_found');
    return row;
  };

  return { tellBuyer, closeInTx, expireDue, cancelPending, findOrder };
};

/** What each part of the order service is given: its dependencies, the repository and the shared parts. */
export const createOrderParts = (deps: OrderDeps) => ({
  ...deps,
  repo: deps.store.repos.orders,
  steps: createOrderSteps(deps),
  quoting: createOrderQuote(deps),
  payment: createOrderPayment(deps),
  fulfilment: createOrderFulfilment(deps),
});
export type OrderParts = ReturnType<typeof createOrderParts>;
