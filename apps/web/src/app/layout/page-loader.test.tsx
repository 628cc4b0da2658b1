import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n';
import type { RouteDef } from '../routes';
import { documentReload } from '../../shared/lib/fresh-code';
import { PageLoader } from './page-loader';

const { loadPageMessages } = vi.hoisted(() => ({ loadPageMessages: vi.fn(() => Promise.resolve()) }));
vi.mock('../../shared/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/i18n')>()),
  loadPageMessages,
}));

const routeWith = (load: RouteDef['load']): RouteDef => ({
  path: '/x',
  titleKey: 'title.home',
  whitelist: true,
  refresh: false,
  load,
});
const Page = () => <p>page body</p>;

beforeEach(async () => {
  await initI18n('zh-Hans');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('lazy page loading', () => {
  it('shows the loading indicator only after 200 ms', async () => {
    vi.useFakeTimers();
    let resolve!: (page: typeof Page) => void;
    render(<PageLoader route={routeWith(() => new Promise((r) => (resolve = r)))} />);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByTestId('page-loading')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('page-loading')).toHaveTextContent('加载中');
    // The one page-loading look (shared/ui), the same a page shows while its own data loads.
    expect(screen.getByTestId('page-loading')).toHaveClass('page-loading');
    expect(screen.getByTestId('page-loading').querySelector('.page-loading__spinner')).not.toBeNull();
    await act(async () => resolve(Page));
    expect(screen.getByText('page body')).toBeInTheDocument();
  });

  it('a page taking over 60 s shows the connection-timeout message; a tap retries', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1 ? new Promise<typeof Page>(() => undefined) : Promise.resolve(Page);
    };
    render(<PageLoader route={routeWith(load)} />);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('page-load-retry')).toHaveTextContent('连接超时，请点击屏幕重试');
    fireEvent.click(screen.getByTestId('page-load-retry'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('page body')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('a page that fails to load offers the same retry', async () => {
    render(<PageLoader route={routeWith(() => Promise.reject(new Error('chunk failed')))} />);
    expect(await screen.findByTestId('page-load-retry')).toHaveTextContent('页面加载失败');
  });

  it('shows a page once the other features’ messages have loaded too, unless it needs only the shell’s', async () => {
    let messagesLoaded!: () => void;
    loadPageMessages.mockReturnValueOnce(new Promise<void>((resolve) => (messagesLoaded = resolve)));
    render(<PageLoader route={routeWith(() => Promise.resolve(Page))} />);
    await act(() => Promise.resolve());
    expect(screen.queryByText('page body')).toBeNull();
    await act(async () => messagesLoaded());
    expect(screen.getByText('page body')).toBeInTheDocument();

    loadPageMessages.mockClear();
    render(<PageLoader route={{ ...routeWith(() => Promise.resolve(Page)), shellMessages: true }} />);
    await waitFor(() => expect(screen.getAllByText('page body')).toHaveLength(2));
    expect(loadPageMessages).not.toHaveBeenCalled();
  });
});

describe('code that fails while the network is up', () => {
  const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

  beforeEach(() => {
    sessionStorage.clear();
    // The server answers the probe before a reload.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is fetched fresh by one reload, not a second one right after; a tap on 重试 reloads again', async () => {
    const reload = vi.spyOn(documentReload, 'run').mockImplementation(() => undefined);
    const { unmount } = render(<PageLoader route={routeWith(failing)} />);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('page-load-retry')).toBeNull();
    unmount();

    // The reloaded page fails again at once: no loop, the retry is offered.
    render(<PageLoader route={routeWith(failing)} />);
    fireEvent.click(await screen.findByTestId('page-load-retry'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('is not reloaded while the server does not answer (the browser would show its own error page)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const reload = vi.spyOn(documentReload, 'run').mockImplementation(() => undefined);
    render(<PageLoader route={routeWith(failing)} />);
    expect(await screen.findByTestId('page-load-retry')).toHaveTextContent('页面加载失败');
    expect(reload).not.toHaveBeenCalled();
  });
});
