import type { UserBaseInfo } from '@app/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { baseInfo, envelope, logIn, renderApp } from '../../../test/render-app';

const withVip = (vip: Pick<UserBaseInfo, 'vipLevel' | 'vipExpireDate' | 'isVip'>) => baseInfo({ nickName: '小明', gold: 100, points: 5, ...vip });

const answer = (info: UserBaseInfo) =>
  vi.fn(async (url: string) => (String(url) === '/api/sysUser/baseInfo' ? envelope(info) : envelope(null, { code: 404 })));

describe('mine tab membership card', () => {
  it('a member sees the membership and its expiry, not the invitation to become one', async () => {
    logIn();
    vi.stubGlobal('fetch', answer(withVip({ vipLevel: 1, vipExpireDate: '2027-03-05T00:00:00Z', isVip: true })));
    await renderApp('/pages/me/index');
    const card = await screen.findByTestId('mine-vip-member');
    expect(card).toHaveTextContent('尊享会员');
    expect(card).toHaveTextContent('2027-03-05');
    expect(card).toHaveTextContent('续费');
    expect(screen.queryByTestId('mine-vip')).toBeNull();
    expect(screen.queryByText('开通会员，畅享无限次AI创作')).toBeNull();
  });

  it('a user without membership (or an expired one) is invited', async () => {
    logIn();
    vi.stubGlobal('fetch', answer(withVip({ vipLevel: 1, vipExpireDate: '2020-01-01T00:00:00Z', isVip: false })));
    await renderApp('/pages/me/index');
    expect(await screen.findByTestId('mine-vip')).toHaveTextContent('开通会员，畅享无限次AI创作');
    await vi.waitFor(() => expect(screen.getByTestId('mine-gold')).toHaveTextContent('100'));
    expect(screen.queryByTestId('mine-vip-member')).toBeNull();
  });
});
