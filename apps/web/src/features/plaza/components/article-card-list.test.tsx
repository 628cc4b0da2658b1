import { DELETED_USER_NICKNAME } from '@app/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLanguage } from '../../../shared/i18n';
import { envelope, renderApp } from '../../../test/render-app';
import { card } from '../test/fixtures';
import { ArticleCardList } from './article-card-list';

const NOW = Date.parse('2026-03-01T12:00:00Z');


beforeAll(async () => {
  await initI18n('zh-Hans');
  await loadLanguage('zh-Hans');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ArticleCardList', () => {
  it('loads the first screen’s covers at once (the largest paint), the first two first; later ones lazily', () => {
    render(
      <MemoryRouter>
        <ArticleCardList items={[1, 2, 3, 4, 5, 6].map((id) => card(id))} now={NOW} />
      </MemoryRouter>,
    );
    const covers = screen.getAllByTestId('article-card').map((c) => c.querySelector('img.article-card__cover')!);
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(covers.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'auto', 'auto', 'auto', 'auto']);
  });

  it('shows cover, title, author avatar and name, likes and a relative time, and links to the detail', () => {
    render(
      <MemoryRouter>
        <ArticleCardList items={[card(1), card(2, { cover: null, title: '', liked: true, publishTime: '2026-02-28T12:00:00Z' })]} now={NOW} />
      </MemoryRouter>,
    );
    const cards = screen.getAllByTestId('article-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByTestId('article-card-title')).toHaveTextContent('作品1');
    expect(first.getByText('作者1')).toBeInTheDocument();
    expect(first.getByTestId('article-card-likes')).toHaveTextContent('3');
    expect(first.getByText('5分钟前')).toBeInTheDocument();
    expect(cards[0]!.querySelector('img.article-card__cover')).toHaveAttribute('src', '/static/plaza/1.jpg');
    expect(cards[0]!.querySelector('img.article-card__avatar')).toHaveAttribute('src', '/static/avatar/1.png');
    expect(cards[0]!.querySelector('a')).toHaveAttribute('href', '/pages/detail/article?id=1');
    // No cover and no title: the summary stands in for both; liked state is marked.
    const second = within(cards[1]!);
    expect(second.getByTestId('article-card-title')).toHaveTextContent('摘要2');
    expect(second.getByText('1天前')).toBeInTheDocument();
    expect(cards[1]!.querySelector('.article-card__likes--on')).not.toBeNull();
  });

  it("names a deleted author in the reader's language, other authors as they named themselves", async () => {
    const deleted = card(3, { author: { id: 103, nickName: DELETED_USER_NICKNAME, avatar: '/static/avatar/3.png' } });
    try {
      await loadLanguage('en');
      render(
        <MemoryRouter>
          <ArticleCardList items={[card(1), deleted]} now={NOW} />
        </MemoryRouter>,
      );
      const [first, second] = screen.getAllByTestId('article-card');
      expect(within(first!).getByText('作者1')).toBeInTheDocument();
      expect(within(second!).getByText('Deleted account')).toBeInTheDocument();
      expect(screen.queryByText(DELETED_USER_NICKNAME)).toBeNull();
    } finally {
      await loadLanguage('zh-Hans');
    }
  });
});

describe('plaza tab', () => {
  it('loads the first category newest first, then the next page from the footer', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url) !== '/api/sysArticle/page') return envelope(null);
        const body = JSON.parse(String(init?.body)) as { page: number; pageSize: number; cursor?: string };
        bodies.push(body);
        const first = !body.cursor;
        const items = first ? Array.from({ length: 20 }, (_, i) => card(i + 1)) : [card(21)];
        return envelope({
          items,
          total: 21,
          page: body.page,
          pageSize: body.pageSize,
          hasMore: first,
          nextCursor: first ? 'after-20' : null,
        });
      }),
    );
    await renderApp('/pages/plaza/index');
    expect(await screen.findAllByTestId('article-card', {}, { timeout: 8000 })).toHaveLength(20);
    expect(bodies[0]).toMatchObject({ page: 1, categoryId: 1, sort: 'newest' });
    expect(screen.getByTestId('plaza-tab-article')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByTestId('list-more'));
    expect(await screen.findByTestId('list-end', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByTestId('article-card')).toHaveLength(21);
    // The next page continues from the first page's cursor (keyset paging), not from an offset.
    expect(bodies[1]).toMatchObject({ page: 2, cursor: 'after-20', categoryId: 1 });

    fireEvent.click(screen.getByTestId('plaza-tab-video'));
    await vi.waitFor(() => expect(bodies.at(-1)).toMatchObject({ page: 1, categoryId: 5 }));
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url) !== '/api/sysArticle/page') return envelope(null);
        if (fail) return envelope(null, { code: 500, message: '服务器错误' });
        return envelope({ items: [], total: 0, page: 1, pageSize: 20, hasMore: false, nextCursor: null });
      }),
    );
    await renderApp('/pages/plaza/index');
    expect(await screen.findByTestId('plaza-error', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(screen.getByTestId('plaza-error')).getByRole('button'));
    expect(await screen.findByTestId('plaza-empty', {}, { timeout: 5000 })).toHaveTextContent('这里还没有作品');
  });
});
