import type { Coupon, GoldPackage, Order, PriceQuote } from '@app/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pkg: GoldPackage = {
  id: 1,
  name: '月度会员',
  packageType: 'vip',
  description: '',
  priceFen: 2500,
  originalPriceFen: null,
  goldPrice: 30000,
  gold: 0,
  vipDays: 30,
  vipLevel: 1,
  tags: [],
  status: 1,
  obtainMethod: 1,
  orderNo: 1,
  metadata: { os: 'android' },
};

const coupon = (id: number, name: string): Coupon => ({
  id,
  templateId: id,
  name,
  description: '',
  type: 1,
  value: id === 7 ? 1000 : 500,
  threshold: 0,
  packageId: null,
  validFrom: '2026-01-01T00:00:00Z',
  validUntil: '2099-12-31T00:00:00Z',
  state: 'usable',
  orderId: null,
  useTime: null,
  createTime: '2026-01-01T00:00:00Z',
});
const quote = (couponId: number | null, discountFen: number): PriceQuote => ({
  packageId: 1,
  couponId,
  originalFen: 2500,
  discountFen,
  payFen: 2500 - discountFen,
  // 1200 gold a yuan.
  goldCost: (2500 - discountFen) * 12,
});

const paidOrder: Order = {
  id: 40,
  orderNo: 'A40',
  packageId: 1,
  packageName: '月度会员',
  payMethod: 0,
  state: 'paid',
  originalFen: 2500,
  discountFen: 1000,
  amountFen: 1500,
  goldCost: 1500,
  couponId: 7,
  gold: 0,
  vipDays: 30,
  payParams: null,
  expireTime: '2099-01-01T00:00:00Z',
  payTime: '2026-11-24T08:00:00Z',
  cancelTime: null,
  refundTime: null,
  vipExpireAfter: '2026-12-24T08:00:00Z',
  createTime: '2026-11-24T08:00:00Z',
};

describe('member centre checkout', () => {
  it('preselects the best usable coupon, says what the gold payment spends, and never prices the spent coupon again after paying', async () => {
    logIn();
    let paid = false;
    const quotes: unknown[] = [];
    const bought: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = String(input);
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (url.startsWith('/api/sysGoldPackage/list')) return envelope([pkg]);
        if (url === '/api/sysCoupon/ApplyCoupon')
          return envelope({
            // Not sorted: the smaller saving comes first.
            items: paid
              ? [{ coupon: coupon(8, '五元券'), usable: true, reason: null, quote: quote(8, 500) }]
              : [
                  { coupon: coupon(8, '五元券'), usable: true, reason: null, quote: quote(8, 500) },
                  { coupon: coupon(7, '十元券'), usable: true, reason: null, quote: quote(7, 1000) },
                ],
            best: quote(7, 1000),
          });
        if (url === '/api/sysCoupon/calculateDiscountedPrice') {
          quotes.push({ ...body, afterPaying: paid });
          if (paid && body.couponId === 7) return envelope(null, { code: 409, message: '优惠券已使用', error: 'coupon_used' });
          return envelope(quote(body.couponId, body.couponId === 7 ? 1000 : 500));
        }
        if (url === '/api/sysPay/buyGoldPackage') {
          bought.push(body);
          paid = true;
          return envelope(paidOrder);
        }
        if (url.startsWith('/api/sysOrder/detail')) return envelope(paidOrder);
        if (url.startsWith('/api/sysUser/baseInfo')) return envelope({ id: 7, nickName: '小明', avatar: null, introduction: '', sex: 1, phone: null, vipLevel: 0, vipExpireDate: null, gold: 120000, points: 0 });
        return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    await renderApp('/pages/index/vip/index');
    await vi.waitFor(() => expect(screen.getByTestId('coupon-7')).toHaveClass('is-active'));
    await vi.waitFor(() => expect(screen.getByTestId('price-pay')).toHaveTextContent('¥15.00'));
    const payButton = screen.getByTestId('pay-button');
    expect(payButton).toHaveTextContent('支付 18000 金币');
    expect(payButton.closest('.vip-footer')).toHaveClass('vip-footer--pinned');

    fireEvent.click(screen.getByTestId('pay-method-1'));
    expect(payButton).toHaveTextContent('立即支付 ¥15.00');
    fireEvent.click(screen.getByTestId('pay-method-0'));

    fireEvent.click(payButton);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('18000 金币');
    fireEvent.click(within(dialog).getByText('确定'));
    await screen.findByTestId('order-result');
    expect(screen.getByTestId('order-result-mark')).toHaveAttribute('data-mark', 'paid');
    expect(bought).toEqual([expect.objectContaining({ packageId: 1, payMethod: 0, couponId: 7 })]);

    fireEvent.click(screen.getByTestId('order-done'));
    await screen.findByTestId('vip-page');
    await vi.waitFor(() => expect(screen.getByTestId('coupon-none')).toHaveClass('is-active'));
    expect(screen.queryByTestId('coupon-7')).toBeNull();
    expect(quotes).not.toContainEqual(expect.objectContaining({ couponId: 7, afterPaying: true }));
    expect(screen.getByTestId('pay-button')).toHaveTextContent('支付 30000 金币');
  });
});

describe('member centre navs (app_vip_nav)', () => {
  it('come from the versioned dictionary cache: a stored copy as new as the server is not fetched again', async () => {
    const { resetDictionaries } = await import('../../../shared/lib/dictionary');
    resetDictionaries();
    logIn();
    const nav = { id: 1, label: '会员特权', value: 'nav-vip', data: { kind: 'nav', description: '缓存里的导航', link: null }, sort: 1, status: 1, remark: null };
    localStorage.setItem('dict:app_vip_nav', JSON.stringify({ type: 'object', data: { version: 3, items: [nav] } }));
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        asked.push(url);
        if (url === '/api/sysDictData/versions') return envelope({ app_vip_nav: 3, app_config: 0 });
        if (url.startsWith('/api/sysGoldPackage/list')) return envelope([pkg]);
        if (url.startsWith('/api/sysDictData/dataList/app_config')) return envelope({ version: 0, items: [] });
        return envelope({ items: [], best: quote(null, 0), total: 0, page: 1, pageSize: 20 });
      }),
    );
    await renderApp('/pages/index/vip/index');
    expect(await screen.findByTestId('vip-nav-nav-vip')).toHaveTextContent('缓存里的导航');
    expect(asked).toContain('/api/sysDictData/versions');
    expect(asked.filter((u) => u.includes('dataList/app_vip_nav'))).toEqual([]);
  });
});
