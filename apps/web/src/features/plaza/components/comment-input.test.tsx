import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLanguage } from '../../../shared/i18n';
import { useAppStore } from '../../../shared/lib/app-store';
import { envelope, location, renderApp, setupAntdRender } from '../../../test/render-app';
import { card } from '../test/fixtures';
import { CommentInput } from './comment-input';

beforeAll(async () => {
  await initI18n('zh-Hans');
  await loadLanguage('zh-Hans');
  setupAntdRender();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.getState().clearSession();
});

describe('CommentInput', () => {
  it('keeps at most 140 characters and sends the trimmed text, then empties', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<CommentInput loggedIn onRequireLogin={vi.fn()} onSubmit={onSubmit} />);
    const input = screen.getByTestId('comment-input');
    expect(input).toHaveAttribute('maxlength', '140');
    fireEvent.change(input, { target: { value: '好'.repeat(200) } });
    expect((input as HTMLInputElement).value).toHaveLength(140);
    expect(screen.getByTestId('comment-count')).toHaveTextContent('140/140');
    fireEvent.change(input, { target: { value: '  写得真好  ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('comment-send'));
    });
    expect(onSubmit).toHaveBeenCalledWith('写得真好');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('asks a logged-out visitor to log in instead of typing or sending', () => {
    const onRequireLogin = vi.fn();
    const onSubmit = vi.fn(async () => undefined);
    render(<CommentInput loggedIn={false} onRequireLogin={onRequireLogin} onSubmit={onSubmit} />);
    const input = screen.getByTestId('comment-input');
    expect(input).toHaveAttribute('readonly');
    fireEvent.focus(input);
    expect(onRequireLogin).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('comment-send'));
    expect(onRequireLogin).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('article page logged out', () => {
  it('asks to log in on comment, and the dialog goes to the login page, which will come back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url).split('?')[0];
        if (path === '/api/sysArticle/detail')
          return envelope({ ...card(7), content: '# 标题\n正文', takedownReason: null, shareTitle: '作品7', shareLink: '/#/pages/detail/forward?id=7', shareImage: '/static/images/share.svg' });
        if (path === '/api/sysComment/page') return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
        return envelope(null);
      }),
    );
    await renderApp('/pages/detail/article?id=7');
    expect(await screen.findByTestId('article-title')).toHaveTextContent('作品7');
    fireEvent.focus(screen.getByTestId('comment-input'));
    expect(await screen.findByText('登录后才能点赞和评论，是否前往登录？', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByText('去登录'));
    await vi.waitFor(() => expect(location.pathname).toBe('/pages/user/login'));
    expect(location.state).toEqual({ from: '/pages/detail/article?id=7' });
  });
});
