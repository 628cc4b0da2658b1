import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../shared/lib/app-store';
import { envelope, fakeToken, location, logIn, renderApp } from '../test/render-app';
import { TAB_PATHS } from '../shared/lib/tabs';
import { routes, TAB_ROUTES, WHITELIST } from './routes';

describe('route table', () => {
  it('lists every path of spec §2 once, with the four tabs in order', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    // 4 tabs, 11 user (guide alias included), 12 home, 10 detail (shared-link landing page included), 3 me, 2 real-name, 16 settings, 4 activities, 5 media (the video storyboard included), 8 drawing.
    expect(paths).toHaveLength(75);
    expect(TAB_ROUTES.map((r) => r.path)).toEqual([
      '/pages/index/index',
      '/pages/plaza/index',
      '/pages/index/ai',
      '/pages/me/index',
    ]);
    // The tabs shared/lib/tabs switches to are these.
    expect(TAB_ROUTES.map((r) => r.path)).toEqual([...TAB_PATHS]);
    for (const path of [
      '/',
      '/pages/user/guide',
      '/set/account/logout-known',
      '/draw/publish/canema',
      '/activity/votePage/votePage',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('whitelists exactly the spec §2 pages, and the works hall with its published works', () => {
    expect([...WHITELIST].sort()).toEqual(
      [
        '/',
        '/pages/user/guide',
        '/pages/user/index',
        '/pages/user/bind',
        '/pages/user/login',
        '/pages/user/passwd',
        '/pages/user/forget',
        '/pages/user/service',
        '/pages/user/privacy',
        '/pages/user/download',
        '/pages/user/data',
        '/pages/plaza/index',
        '/pages/detail/article',
        '/pages/detail/forward',
        '/pages/error/error',
        '/draw/home/hall',
        '/draw/home/detail',
      ].sort(),
    );
  });

  it('turns pull-to-refresh on for mine, the dubbing and video lists, AI drawing, works hall, my homepage and personal page only', () => {
    expect(routes.filter((r) => r.refresh).map((r) => r.path)).toEqual([
      '/pages/me/index',
      '/media/dub/list',
      '/media/video/list',
      '/draw/index',
      '/draw/home/hall',
      '/draw/me/profile',
      '/draw/me/info',
    ]);
  });
});

describe('every route opens a real page', () => {
  it.each(routes.filter((r) => !r.bare).map((r) => [r.path, r.titleKey] as const))(
    '%s shows its title and a body',
    async (path, titleKey) => {
      logIn();
      await renderApp(path);
      const { i18n } = await import('../shared/i18n');
      expect(await screen.findByTestId('nav-title')).toHaveTextContent(i18n.t(titleKey));
      await waitFor(() => {
        const main = screen.getByRole('main');
        expect(main.textContent?.length ?? 0).toBeGreaterThan(0);
      });
      expect(screen.queryByTestId('crash-notice')).toBeNull();
    },
  );

});

describe('access rules', () => {
  it('a page off the whitelist without a token lands on the user index with the guest notice', async () => {
    await renderApp('/pages/me/index');
    expect(await screen.findByTestId('guest-notice')).toHaveTextContent('当前为游客模式，请先登录');
    expect(location.pathname).toBe('/pages/user/index');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('用户中心');
    // Said once, on the page: no toast of the same words over the login hint.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getAllByText('当前为游客模式，请先登录')).toHaveLength(1);
  });

  it('an expired token is cleared from storage and treated as none', async () => {
    useAppStore.getState().setSession({ accessToken: fakeToken({ exp: Math.floor(Date.now() / 1000) - 5 }) });
    await renderApp('/set/index');
    await screen.findByTestId('guest-notice');
    expect(useAppStore.getState().session).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('whitelisted pages open without a token', async () => {
    await renderApp('/pages/plaza/index');
    expect(await screen.findByTestId('nav-title')).toHaveTextContent('广场');
    expect(screen.queryByTestId('guest-notice')).toBeNull();
  });

  it('an unknown page leads to the error page', async () => {
    await renderApp('/pages/does/not/exist');
    expect(await screen.findByTestId('error-notfound')).toHaveTextContent('页面不存在');
    expect(location.pathname).toBe('/pages/error/error');
    expect(new URLSearchParams(location.search).get('from')).toBe('/pages/does/not/exist');
  });

  it('back with no history goes to the home page of the build', async () => {
    logIn();
    await renderApp('/set/about');
    fireEvent.click(await screen.findByTestId('nav-back'));
    await screen.findByTestId('home-page');
    expect(location.pathname).toBe('/pages/index/index');
  });

  it('a 401 answer clears the session and goes to the user index', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, { code: 401, error: 'token_expired', message: 'expired' })),
    );
    await renderApp('/pages/index/index');
    await screen.findByTestId('nav-title');
    await waitFor(() => expect(location.pathname).toBe('/pages/user/index'));
    expect(useAppStore.getState().session).toBeNull();
  });
});

describe('tab bar', () => {
  it('switches pages and highlights the selected tab', async () => {
    logIn();
    await renderApp('/pages/index/index');
    const bar = await screen.findByTestId('tab-bar');
    expect(
      within(bar)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['首页', '广场', 'AI文案', '我的']);
    expect(screen.getByTestId('tab-0')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByTestId('tab-3'));
    await screen.findByTestId('mine-page');
    expect(location.pathname).toBe('/pages/me/index');
    expect(screen.getByTestId('tab-3')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('tab-0')).toHaveAttribute('aria-selected', 'false');
  });

  it('is drawn only on tab pages', async () => {
    logIn();
    await renderApp('/set/index');
    await screen.findByTestId('settings-page');
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });
});

describe('settings and about', () => {
  it('switching to English changes the tab labels and the document, and is remembered', async () => {
    logIn();
    await renderApp('/set/index');
    fireEvent.click(await screen.findByTestId('language-en'));
    await waitFor(() => expect(screen.getByTestId('nav-title')).toHaveTextContent('Settings'));
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Settings - AI Creator');
    expect(JSON.parse(localStorage.getItem('language') ?? 'null')).toEqual({ type: 'string', data: 'en' });
    expect(screen.getByTestId('language-en')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByText('About'));
    expect(await screen.findByTestId('about-version')).toHaveTextContent('Version 1.5.2 (78)');
  });

  it('about shows the build name and version 1.5.2 (78)', async () => {
    logIn();
    await renderApp('/set/about');
    expect(await screen.findByTestId('about-name')).toHaveTextContent('AI创作家');
    expect(screen.getByTestId('about-version')).toHaveTextContent('版本 1.5.2（78）');
    expect(screen.getByText('com.aichuang.app')).toBeInTheDocument();
  });
});
