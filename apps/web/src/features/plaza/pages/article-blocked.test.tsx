import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { card } from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** Issue 27 point 14: a blocked author's work says so (not 内容不存在或已被删除) and offers to unblock. */
describe('an article whose author the reader blocked', () => {
  it('says the author is blocked; 解除屏蔽 unblocks them and shows the work', async () => {
    logIn();
    let blocked = true;
    const unblocked: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url).split('?')[0];
        if (path === '/api/sysUserBlock/remove') {
          unblocked.push(JSON.parse(String(init?.body)));
          blocked = false;
          return envelope(null);
        }
        if (path === '/api/sysArticle/detail' || path === '/api/sysComment/page') {
          if (blocked)
            return new Response(
              JSON.stringify({ code: 403, type: 'error', message: '你已屏蔽该作者，解除屏蔽后可查看其内容', result: null, extras: { error: 'article_author_blocked', authorId: 42 }, time: '' }),
              { status: 403, headers: { 'Content-Type': 'application/json' } },
            );
          if (path === '/api/sysComment/page') return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
          return envelope({ ...card(7), content: '正文', takedownReason: null, shareTitle: '作品7', shareLink: '/#/pages/detail/forward?id=7', shareImage: '/static/images/share.svg' });
        }
        return envelope(null);
      }),
    );
    await renderApp('/pages/detail/article?id=7');
    const notice = await screen.findByTestId('article-blocked');
    expect(notice).toHaveTextContent('你已屏蔽该作者');
    expect(notice).not.toHaveTextContent('内容不存在或已被删除');
    fireEvent.click(screen.getByTestId('article-unblock'));
    expect(await screen.findByTestId('article-title')).toHaveTextContent('作品7');
    expect(unblocked).toEqual([{ userId: 42 }]);
  });
});
