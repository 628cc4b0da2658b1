import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, location, logIn, renderApp } from '../test/render-app';

// Pages other than the shell's wait for the page messages: holding them keeps such a page loading, failing them
// fails its load (as a page's code does without the network).
const held = vi.hoisted(() => ({ on: false, fail: false }));
vi.mock('../shared/i18n', async (importOriginal) => {
  const original = await importOriginal<typeof import('../shared/i18n')>();
  return {
    ...original,
    loadPageMessages: () =>
      held.fail
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : held.on
          ? new Promise<void>(() => undefined)
          : original.loadPageMessages(),
  };
});

const goOffline = () => act(async () => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(async () => void window.dispatchEvent(new Event('online')));

afterEach(async () => {
  held.on = false;
  held.fail = false;
  await goOnline();
});

describe('a network blip', () => {
  it('keeps the page on screen and what was typed, under a banner that goes when the network returns', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ items: [], total: 0, page: 1, pageSize: 20 })),
    );
    await renderApp('/pages/index/create/index');
    fireEvent.change(await screen.findByTestId('create-free'), { target: { value: '给社区咖啡馆写开业文案' } });

    await goOffline();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('网络已断开，输入的内容会为你保留');
    expect(screen.queryByTestId('error-network')).toBeNull();
    expect(location.pathname).toBe('/pages/index/create/index');
    expect(screen.getByTestId('create-free')).toHaveValue('给社区咖啡馆写开业文案');

    await goOnline();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByTestId('create-free')).toHaveValue('给社区咖啡馆写开业文案');
  });

  it('a page with nothing to show yet (still loading) gives way to the error page, and returns with the network', async () => {
    logIn();
    held.on = true;
    await renderApp('/set/about');
    await goOffline();
    expect(await screen.findByTestId('error-network')).toHaveTextContent('网络连接已断开');
    expect(new URLSearchParams(location.search).get('type')).toBe('network');
    // The error page says it already: no banner over it.
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    held.on = false;
    await goOnline();
    await screen.findByTestId('about-page');
    expect(location.pathname).toBe('/set/about');
  });

  it('a page that cannot load while offline opens the error page instead of its retry, and loads once back online', async () => {
    logIn();
    // (a page not opened by the tests above: pages once loaded stay loaded)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await goOffline();
    held.fail = true;
    await renderApp('/set/index');
    expect(await screen.findByTestId('error-network')).toBeInTheDocument();
    expect(screen.queryByTestId('page-load-retry')).toBeNull();
    expect(new URLSearchParams(location.search).get('from')).toBe('/set/index');
    held.fail = false;
    await goOnline();
    await screen.findByTestId('settings-page');
    expect(location.pathname).toBe('/set/index');
  });
});
