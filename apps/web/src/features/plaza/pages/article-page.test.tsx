import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { card } from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const author = { id: 9, nickName: '读者', avatar: '/static/avatar/9.png' };
const comment = (id: number, content: string) => ({
  id,
  articleId: 7,
  parentId: null,
  content,
  author,
  replyTo: null,
  isMine: false,
  createTime: '2026-03-01T12:00:00Z',
  replies: [],
  replyCount: 0,
});

describe('an article', () => {
  it('shows the work with its counts; like and a reply to a comment reach the server and the page', async () => {
    logIn();
    const comments = [comment(1, '写得真好')];
    const sent: Array<{ path: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url).split('?')[0]!;
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        if (path === '/api/sysArticle/detail')
          return envelope({ ...card(7, { commentCount: 1 }), content: '正文', takedownReason: null, shareTitle: '作品7', shareLink: '/#/pages/detail/forward?id=7', shareImage: '/static/images/share.svg' });
        if (path === '/api/sysComment/page') return envelope({ items: comments, total: comments.length, page: 1, pageSize: 20 });
        if (path === '/api/sysLikeRecord/add') {
          sent.push({ path, body });
          return envelope({ liked: true, likeCount: 22 });
        }
        if (path === '/api/sysComment/add') {
          sent.push({ path, body });
          comments.unshift(comment(2, String(body?.content)));
          return envelope(comment(2, String(body?.content)));
        }
        return envelope(null);
      }),
    );
    await renderApp('/pages/detail/article?id=7');
    expect(await screen.findByTestId('article-title')).toHaveTextContent('作品7');
    expect(screen.getByTestId('article-like-count')).toHaveTextContent('21');
    expect(await screen.findByTestId('comment-content')).toHaveTextContent('写得真好');
    expect(screen.getByTestId('article-comment-count')).toHaveTextContent('1');

    fireEvent.click(screen.getByTestId('article-like'));
    await vi.waitFor(() => expect(screen.getByTestId('article-like-count')).toHaveTextContent('22'));
    expect(screen.getByTestId('article-like')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByTestId('comment-content'));
    await screen.findByTestId('comment-cancel-reply');
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('comment-send'));
    await vi.waitFor(() => expect(screen.getByTestId('article-comment-count')).toHaveTextContent('2'));
    expect(within(screen.getByTestId('comment-list')).getAllByTestId('comment-content').map((c) => c.textContent)).toContain('同意');
    expect(screen.queryByTestId('comment-cancel-reply')).toBeNull();
    expect(sent).toEqual([
      { path: '/api/sysLikeRecord/add', body: { articleId: 7 } },
      { path: '/api/sysComment/add', body: { articleId: 7, content: '同意', parentId: 1 } },
    ]);
  });

  it('a work in review shows its author the status and the ⋯ menu, with nothing to like, share or comment on', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url).split('?')[0]!;
        if (path === '/api/sysArticle/detail')
          return envelope({ ...card(8, { status: 'pending' }), content: '正文', takedownReason: null, shareTitle: '作品8', shareLink: '/#/pages/detail/forward?id=8', shareImage: '/static/images/share.svg' });
        if (path === '/api/sysComment/page') return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
        return envelope(null);
      }),
    );
    await renderApp('/pages/detail/article?id=8');
    expect(await screen.findByTestId('article-review-status')).toBeInTheDocument();
    expect(screen.getByTestId('article-more')).toBeInTheDocument();
    expect(screen.queryByTestId('article-like')).toBeNull();
    expect(screen.queryByTestId('article-share')).toBeNull();
    expect(screen.queryByTestId('comment-input')).toBeNull();
  });
});
