import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, location, logIn, renderApp } from '../../../test/render-app';

const banner = (id: number, title: string) => ({
  id,
  categoryId: 1,
  title,
  content: '',
  cover: `/static/banner-${id}.png`,
  link: null,
  sort: id,
  createTime: '2026-01-01T00:00:00Z',
});

describe('home page', () => {
  it('shows the banners of common info category 1 in a swiper that turns every 5 s', async () => {
    logIn();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope({ items: [banner(1, '春日创作季'), banner(2, '会员五折')], total: 2, page: 1, pageSize: 5 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderApp('/pages/index/index');
    const slides = await screen.findAllByTestId('home-banner');
    expect(slides.map((s) => s.textContent)).toEqual(['春日创作季', '会员五折']);
    const bannerCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/sysCommonInfo/page') as unknown as [string, RequestInit];
    expect(JSON.parse(String(bannerCall[1].body))).toMatchObject({ categoryId: 1 });

    const track = screen.getByTestId('banner-swiper').firstElementChild as HTMLElement;
    expect(track.style.transform).toBe('translateX(0%)');
    expect(track.style.transition).toBe('transform 500ms ease');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(track.style.transform).toBe('translateX(-100%)');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(track.style.transform).toBe('translateX(0%)');
  });

  it('without banners shows the app hero, every AI tool and activity, and the recent-works empty state', async () => {
    logIn();
    await renderApp('/pages/index/index');
    await screen.findByTestId('home-page');
    expect(screen.getByText('AI创作家')).toBeInTheDocument();
    for (const key of ['copy', 'create', 'draw', 'dub', 'video', 'temps', 'sign', 'exchange', 'lucky', 'vote', 'welfare', 'popularize']) {
      expect(screen.getByTestId(`entry-${key}`)).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('recent-works')).getByText('还没有作品，去广场看看大家的创作吧')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('entry-draw'));
    await screen.findByText('AI绘画', { selector: '[data-testid="nav-title"]' });
    expect(location.pathname).toBe('/draw/index');
  });
});

describe('mine page', () => {
  it('shows the profile card with the VIP badge and entries to every me/settings area', async () => {
    logIn({ uid: 12 });
    const { useAppStore } = await import('../../../shared/lib/app-store');
    useAppStore.getState().setProfile({ id: 12, nickName: '小明', vipLevel: 1, vipExpireDate: '2999-01-01T00:00:00Z' });
    await renderApp('/pages/me/index');
    const page = await screen.findByTestId('mine-page');
    expect(page).toHaveTextContent('小明');
    expect(page).toHaveTextContent('ID：12');
    expect(screen.getByTestId('vip-badge')).toHaveTextContent('VIP会员');
    for (const title of ['个人主页', '草稿箱', '会员中心', '优惠券', '实名认证', '每日签到', '消息中心', '帮助中心', '设置', '关于我们']) {
      expect(within(page).getByText(title)).toBeInTheDocument();
    }
  });

  it('invites a guest to log in', async () => {
    logIn({ roles: ['guest'] });
    await renderApp('/pages/me/index');
    await screen.findByTestId('mine-page');
    expect(screen.getByTestId('mine-login')).toHaveTextContent('立即登录');
    expect(screen.getByText('登录后解锁全部AI创作功能')).toBeInTheDocument();
    expect(screen.queryByTestId('vip-badge')).toBeNull();
  });
});
