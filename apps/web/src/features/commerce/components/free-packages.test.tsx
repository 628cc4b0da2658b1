import type { GoldPackage } from '@app/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const free: GoldPackage = {
  id: 9,
  name: '每日免费金币',
  packageType: 'free',
  description: '每天可免费领取一次，50 金币',
  priceFen: 0,
  originalPriceFen: null,
  goldPrice: 0,
  gold: 50,
  vipDays: 0,
  vipLevel: 0,
  tags: ['免费'],
  status: 1,
  obtainMethod: 2,
  orderNo: 20,
  metadata: { os: 'all' },
};

describe('free daily packages on the member centre', () => {
  it('lists the free package with what is left today and claims it once', async () => {
    logIn();
    let used = 0;
    const bought: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/sysGoldPackage/list')) return envelope(url.includes('obtainMethod=2') ? [free] : []);
        if (url === '/api/sysGoldPackageOrder/todayFreeNumber') return envelope({ date: '2026-11-24', limit: 1, used, remaining: 1 - used });
        if (url === '/api/sysPay/buyGoldPackage') {
          bought.push(JSON.parse(String(init?.body)));
          used = 1;
          return envelope({ id: 1, state: 'paid' });
        }
        return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    await renderApp('/pages/index/vip/index?tab=gold');
    expect(await screen.findByTestId('free-package-9')).toHaveTextContent('每日免费金币');
    await vi.waitFor(() => expect(screen.getByTestId('free-remaining')).toHaveTextContent('今日还可领取 1/1 次'));
    const claim = screen.getByTestId('free-claim-9');
    expect(claim).toBeEnabled();
    fireEvent.click(claim);
    await vi.waitFor(() => expect(screen.getByTestId('free-remaining')).toHaveTextContent('今日还可领取 0/1 次'));
    expect(bought).toEqual([{ packageId: 9, payMethod: 0 }]);
    expect(screen.getByTestId('free-claim-9')).toBeDisabled();
    expect(screen.getByTestId('free-claim-9')).toHaveTextContent('今日已领取');
  });
});
