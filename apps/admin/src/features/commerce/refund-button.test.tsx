import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, userRef } from '../../test/render-console';

const order = {
  id: 77,
  orderNo: 'P20261127100000123456',
  packageId: 5,
  packageName: '1000 金币',
  payMethod: 1,
  state: 'paid',
  originalFen: 1000,
  discountFen: 0,
  amountFen: 1000,
  goldCost: null,
  couponId: null,
  gold: 1000,
  vipDays: 0,
  payParams: null,
  expireTime: '2026-11-28T10:00:00.000Z',
  payTime: '2026-11-27T10:00:00.000Z',
  cancelTime: null,
  refundTime: null,
  vipExpireAfter: null,
  createTime: '2026-11-27T09:00:00.000Z',
  user: userRef(42, '小明'),
  remark: null,
};
const preview = (balance: number) => ({
  orderId: 77,
  orderNo: order.orderNo,
  gold: 1000,
  balance,
  takeBack: Math.min(1000, balance),
  shortfall: 1000 - Math.min(1000, balance),
  goldReturned: 0,
  vipDays: 0,
});

beforeEach(() => logInOperator());

/**
 * Opens the order's drawer once its row takes a click: in a loaded run the row was once found while the page still
 * had `pointer-events: none` on it (not yet clickable for a user either), and the click failed.
 */
const openOrder = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByText(order.orderNo);
  await waitFor(() => user.click(screen.getByText(order.orderNo)));
};
afterEach(() => vi.unstubAllGlobals());

describe('refunding an order from the console', () => {
  it('shows the gold to take back, the balance and the shortfall before confirming, and sends the shortfall the operator accepted', async () => {
    const sent = serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/orders/page': () => envelope({ items: [order], total: 1, page: 1, pageSize: 20 }),
      'GET /api/console/orders/77/refund-preview': () => envelope(preview(100)),
      'POST /api/console/orders/refund': () => envelope({ ...order, state: 'refunded' }),
    });
    const user = userEvent.setup();
    await renderConsole('/commerce/orders');
    await openOrder(user);
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: '退款为金币' }));

    const table = await screen.findByTestId('refund-preview');
    const row = (label: string) => within(table).getByText(label).closest('tr')!.textContent;
    expect(row('订单发放的金币（应收回）')).toContain('1000');
    expect(row('用户当前金币')).toContain('100');
    expect(row('实际收回')).toContain('100');
    expect(row('差额（已被使用）')).toContain('900');
    expect(screen.getByText('用户已使用 1000 金币中的 900：只能收回 100，退款后余额为 0。')).toBeInTheDocument();

    // Not accepted: nothing is sent.
    await user.type(screen.getByTestId('reason-input'), '用户申请退款');
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('请确认差额后再退款')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/orders/refund')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: '我确认 900 金币无法收回' }));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(sent.some((r) => r.path === '/api/console/orders/refund')).toBe(true));
    expect(sent.find((r) => r.path === '/api/console/orders/refund')?.body).toEqual({
      id: 77,
      reason: '用户申请退款',
      acceptShortfall: 900,
    });
  });

  it('when the balance was spent further since the preview, the server’s refusal shows and the new amounts replace the old', async () => {
    let balance = 100;
    serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/orders/page': () => envelope({ items: [order], total: 1, page: 1, pageSize: 20 }),
      'GET /api/console/orders/77/refund-preview': () => envelope(preview(balance)),
      'POST /api/console/orders/refund': () =>
        envelope(null, { code: 409, error: 'refund_gold_spent', message: '该订单发放的1000金币已被使用，用户现有60金币' }),
    });
    const user = userEvent.setup();
    await renderConsole('/commerce/orders');
    await openOrder(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退款为金币' }));
    await screen.findByTestId('refund-preview');
    balance = 60;
    await user.click(screen.getByRole('checkbox', { name: '我确认 900 金币无法收回' }));
    await user.type(screen.getByTestId('reason-input'), '用户申请退款');
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('该订单发放的1000金币已被使用，用户现有60金币')).toBeInTheDocument();
    expect(await screen.findByText('用户已使用 1000 金币中的 940：只能收回 60，退款后余额为 0。')).toBeInTheDocument();
  });

  it('says the refund is done, and the refreshed order shows as refunded, without its refund button', async () => {
    let refunded = false;
    serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/orders/page': () =>
        envelope({ items: [{ ...order, state: refunded ? 'refunded' : 'paid' }], total: 1, page: 1, pageSize: 20 }),
      'GET /api/console/orders/77/refund-preview': () => envelope(preview(5000)),
      'POST /api/console/orders/refund': () => {
        refunded = true;
        return envelope({ ...order, state: 'refunded' });
      },
    });
    const user = userEvent.setup();
    await renderConsole('/commerce/orders');
    await openOrder(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退款为金币' }));
    await screen.findByTestId('refund-preview');
    await user.type(screen.getByTestId('reason-input'), '用户申请退款');
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '退款为金币' })).toBeNull());
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });
});
