import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/lib/app-store';
import { baseInfo, envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.getState().clearSession();
});

const me = baseInfo({ nickName: '我自己', avatar: '/static/images/me.png', introduction: '我的简介' });
const author = {
  id: 42,
  nickName: '作者小李',
  avatar: '/uploads/li.png',
  introduction: '写诗的人',
  sex: 1,
  isVip: true,
  vipLevel: 1,
  homeBg: '/static/wallpaper/2.jpg',
  isDeleted: false,
  isBlocked: false,
};
const noWorks = { items: [], total: 0, page: 1, pageSize: 10 };

const server = (state: { blocked: boolean }) =>
  vi.fn(async (url: string) => {
    const path = String(url).split('?')[0];
    if (path === '/api/sysUser/baseInfo') return envelope(me);
    if (path === '/api/sysUserExtInfo/currentUserDetail') return envelope({ userId: 7, metadata: {} });
    if (path === '/api/sysUser/userInfo')
      return String(url).endsWith('userId=42') ? envelope({ ...author, isBlocked: state.blocked }) : envelope(null, { code: 404, error: 'user_not_found' });
    if (path === '/api/sysArticle/page') return envelope(noWorks);
    if (path === '/api/sysUserBlock/add') {
      state.blocked = true;
      return envelope(true);
    }
    return envelope(null, { code: 404 });
  });

describe('personal homepage', () => {
  it("shows another person's header from /api/sysUser/userInfo, never the caller's, with block and report", async () => {
    logIn({ uid: 7 });
    const fetchMock = server({ blocked: false });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/me/profile?userId=42');
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('作者小李');
    expect(screen.getByTestId('profile-vip')).toBeInTheDocument();
    expect(screen.getByTestId('profile-intro')).toHaveTextContent('写诗的人');
    expect(screen.getByTestId('profile-avatar')).toHaveAttribute('src', '/uploads/li.png');
    expect(screen.getByTestId('profile-cover').style.backgroundImage).toContain('/static/wallpaper/2.jpg');
    expect(screen.queryByText('我自己')).toBeNull();
    expect(screen.queryByTestId('profile-change-bg')).toBeNull();
    expect(screen.getByTestId('profile-report')).toHaveAttribute('href', '/set/help/report?type=user&id=42');
    expect(screen.getByTestId('profile-block')).toHaveTextContent('拉黑');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/sysUser/userInfo?userId=42')).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/sysUser/baseInfo')).toBe(false);
  });

  it('blocking asks first, then hides the works and offers unblocking', async () => {
    logIn({ uid: 7 });
    const state = { blocked: false };
    const fetchMock = server(state);
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/me/profile?userId=42');
    fireEvent.click(await screen.findByTestId('profile-block'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('作者小李');
    fireEvent.click(within(dialog).getByText('拉黑'));
    expect(await screen.findByTestId('profile-blocked-note')).toBeInTheDocument();
    expect(screen.getByTestId('profile-block')).toHaveTextContent('取消拉黑');
    expect(state.blocked).toBe(true);
  });

  it("is the caller's own page without userId or with their own id, with the background change", async () => {
    logIn({ uid: 7 });
    vi.stubGlobal('fetch', server({ blocked: false }));
    await renderApp('/pages/me/profile?userId=7');
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('我自己');
    expect(screen.getByTestId('profile-change-bg')).toHaveAttribute('href', '/set/wallpaper');
    expect(screen.queryByTestId('profile-block')).toBeNull();
  });

  it('says so when the person does not exist', async () => {
    logIn({ uid: 7 });
    vi.stubGlobal('fetch', server({ blocked: false }));
    await renderApp('/pages/me/profile?userId=999999');
    expect(await screen.findByTestId('profile-not-found')).toHaveTextContent('用户不存在');
  });
});
