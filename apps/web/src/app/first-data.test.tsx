import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card } from '../features/plaza/test/fixtures';
import { createQueryClient, envelope, logIn, renderApp } from '../test/render-app';
import { findRoute } from './routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Issue 27 point 15: a tab's first data is asked for beside the page's code, not after it rendered. */
describe('first screen data', () => {
  it('the plaza opened first shows the page it prefetched for its address, asking the server once', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url) !== '/api/sysArticle/page') return envelope(null);
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return envelope({ items: [card(1), card(2), card(3)], total: 3, page: 1, pageSize: 20, hasMore: false, nextCursor: null });
      }),
    );
    const client = createQueryClient();
    const plaza = findRoute('/pages/plaza/index');
    // An address naming the video category, sorted by heat; an unknown value would open the first tab.
    await plaza?.prefetch?.(client, new URLSearchParams('category=5&sort=hot'));
    expect(bodies).toEqual([expect.objectContaining({ page: 1, categoryId: 5, sort: 'hot' })]);
    // The top row's covers (the largest paint) are asked for before the cards render; the rest wait for them.
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('href'));
    expect(preloads).toEqual([card(1).cover, card(2).cover]);

    await renderApp('/pages/plaza/index?category=5&sort=hot', client);
    expect(await screen.findAllByTestId('article-card', {}, { timeout: 8000 })).toHaveLength(3);
    expect(bodies).toHaveLength(1);
  });

  it('reads an unknown tab as the page does: the first category, newest first', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return envelope({ items: [], total: 0, page: 1, pageSize: 20, hasMore: false, nextCursor: null });
      }),
    );
    await findRoute('/pages/plaza/index')?.prefetch?.(createQueryClient(), new URLSearchParams('category=999&sort=x'));
    expect(bodies).toEqual([expect.objectContaining({ categoryId: 1, sort: 'newest' })]);
  });

  it('the home tab opened first asks for its banners once and preloads the first banner picture', async () => {
    const banners = [1, 2].map((id) => ({
      id,
      categoryId: 1,
      title: `banner ${id}`,
      content: '',
      cover: `/static/home-banner-${id}.png`,
      link: null,
      sort: id,
      createTime: '2026-01-01T00:00:00Z',
    }));
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url) !== '/api/sysCommonInfo/page') return envelope({ items: [], total: 0, page: 1, pageSize: 20, hasMore: false, nextCursor: null });
        asked.push(String(url));
        return envelope({ items: banners, total: 2, page: 1, pageSize: 5 });
      }),
    );
    const client = createQueryClient();
    await findRoute('/pages/index/index')?.prefetch?.(client, new URLSearchParams());
    expect(asked).toHaveLength(1);
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('href'));
    expect(preloads).toContain('/static/home-banner-1.png');
    expect(preloads).not.toContain('/static/home-banner-2.png');

    logIn();
    await renderApp('/pages/index/index', client);
    expect(await screen.findAllByTestId('home-banner', {}, { timeout: 8000 })).toHaveLength(2);
    expect(asked).toHaveLength(1);
  });
});
