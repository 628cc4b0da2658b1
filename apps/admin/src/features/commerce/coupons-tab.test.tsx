import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, userRef } from '../../test/render-console';
import { codesCsv } from './coupons-tab';

const batch = {
  id: 9,
  name: '一码一券',
  type: 1,
  value: 300,
  threshold: 0,
  packageId: null,
  validFrom: '2026-11-24T00:00:00.000Z',
  validUntil: '2026-12-24T00:00:00.000Z',
  codeCount: 3,
  redeemedCount: 2,
  usedCount: 1,
  createTime: '2026-11-24T00:00:00.000Z',
};
const codes = [
  { code: '7KQ2M9XWT4HC', user: userRef(7, '小明'), redeemTime: '2026-11-24T08:00:00.000Z', couponState: 'used', orderId: 501 },
  { code: 'B3N8P0RZVJ6D', user: userRef(8, '小红, "阿红"'), redeemTime: '2026-11-24T09:00:00.000Z', couponState: 'usable', orderId: null },
  { code: 'Q4W9E2T7Y1GA', user: null, redeemTime: null, couponState: 'unredeemed', orderId: null },
];

beforeEach(() => logInOperator());
afterEach(() => vi.unstubAllGlobals());

describe('coupon batch codes', () => {
  it('lists each code with who redeemed it and the order it paid, and exports every page as CSV', async () => {
    const sent = serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/coupons/batches/page': () => envelope({ items: [batch], total: 1, page: 1, pageSize: 20 }),
      'POST /api/console/coupons/codes/page': (body) => {
        const { page, pageSize } = body as { page: number; pageSize: number };
        // The export asks 100 at a time; answer two codes per page so it must page on.
        const size = pageSize === 100 ? 2 : pageSize;
        return envelope({ items: codes.slice((page - 1) * size, page * size), total: codes.length, page, pageSize });
      },
    });
    const made: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      made.push(blob);
      return 'blob:codes';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks = userEvent.setup();
    await renderConsole('/commerce/coupons');
    await clicks.click(await screen.findByText('一码一券'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('7KQ2M9XWT4HC')).toBeInTheDocument();
    expect(within(drawer).getByText('501')).toBeInTheDocument();
    expect(within(drawer).getByText('未兑换')).toBeInTheDocument();

    await clicks.click(within(drawer).getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exportCalls = sent.filter((r) => r.path === '/api/console/coupons/codes/page' && (r.body as { pageSize: number }).pageSize === 100);
    expect(exportCalls.map((r) => r.body)).toEqual([
      { page: 1, pageSize: 100, sortField: 'redeemTime', filters: { batchId: 9 } },
      { page: 2, pageSize: 100, sortField: 'redeemTime', filters: { batchId: 9 } },
    ]);
    const text = await made[0]!.text();
    expect(text.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      '兑换码,用户 ID,用户,兑换时间,状态,订单号',
      '7KQ2M9XWT4HC,7,小明,2026-11-24T08:00:00.000Z,used,501',
      'B3N8P0RZVJ6D,8,"小红, ""阿红""",2026-11-24T09:00:00.000Z,usable,',
      'Q4W9E2T7Y1GA,,,,unredeemed,',
    ]);
    expect(await screen.findByText('兑换码已导出')).toBeInTheDocument();
  });

  it('quotes cells with commas, quotes or line breaks', () => {
    expect(codesCsv([{ ...codes[2]!, code: 'a\nb' } as never], ['x'])).toBe('x\r\n"a\nb",,,,unredeemed,');
  });
});
