import '../decision.messages.js';
import '../commerce.messages.js';
import { createBuyerOrders, createOrderBuying } from './order-buying.js';
import { createOrderParts, type OrderDeps } from './order-parts.js';
import { createOfflineOrderDecisions, createOrderRefunds } from './operator-orders.js';

/**
 * An order's life: created at a price (quote), paid through a provider, gold or offline (payment), granted
 * once paid and taken back when refunded (fulfilment); pending orders expire and free their coupons.
 */
export const createOrderService = (deps: OrderDeps) => {
  const parts = createOrderParts(deps);
  const { quoting } = parts;
  return {
    loadPackage: quoting.loadPackage,
    loadUsableCoupon: quoting.loadUsableCoupon,
    priceOf: quoting.priceOf,
    todayFree: quoting.todayFree,
    expireDue: parts.steps.expireDue,
    ...createOrderBuying(parts),
    ...createBuyerOrders(parts),
    ...createOfflineOrderDecisions(parts),
    ...createOrderRefunds(parts),
  };
};

export type OrderService = ReturnType<typeof createOrderService>;
