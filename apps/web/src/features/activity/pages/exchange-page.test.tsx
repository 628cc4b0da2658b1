import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadPageMessages } from '../../../shared/i18n';
import { createQueryClient, envelope, logIn, Providers } from '../../../test/render-app';
import { ExchangePage } from './exchange-page';

const item = (id: number, points: number) => ({
  id,
  name: `礼品${id}`,
  image: '/static/gift.svg',
  description: '',
  points,
  stock: 10,
  exchanged: 0,
  limitPerUser: 0,
  myExchanged: 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('points mall', () => {
  it('an item beyond my points cannot be exchanged and says how many points are missing', async () => {
    await initI18n('zh-Hans');
    await loadPageMessages();
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ items: [item(1, 80), item(2, 300)], total: 2, page: 1, pageSize: 50, myPoints: 100, rules: [] })),
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <ExchangePage />
      </Providers>,
    );
    const affordable = await screen.findByTestId('mall-exchange-1');
    expect(affordable).toBeEnabled();
    expect(affordable).toHaveTextContent('兑换');
    const beyond = screen.getByTestId('mall-exchange-2');
    expect(beyond).toBeDisabled();
    expect(beyond).toHaveTextContent('还差 200 积分');
  });
});
