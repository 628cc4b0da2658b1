import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, location, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = (id: number, title: string) => ({ id, categoryId: 1, title, description: '', icon: null, useCount: 3, sort: id });

describe('creation page without a template', () => {
  it('offers free creation and a template picker instead of "模板不存在"; the request is sent as a free question', async () => {
    logIn();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).startsWith('/api/sysPromptTemplate/page')) return envelope({ items: [summary(4, '朋友圈文案'), summary(5, '小红书笔记')], total: 2, page: 1, pageSize: 20 });
        if (String(url).includes('sendToRobotForSSE')) {
          sent.push(JSON.parse(String(init?.body)));
          return new Response('event: start\ndata: {"messageId":31,"questionId":30,"conversationId":2,"provider":"offline","model":"m"}\n\n', {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          });
        }
        return envelope(null);
      }),
    );
    await renderApp('/pages/index/create/index');
    await screen.findByTestId('create-free');
    expect(screen.queryByTestId('temps-not-found')).toBeNull();
    expect(screen.getByText('自由创作')).toBeInTheDocument();
    const picks = await screen.findAllByTestId('create-pick');
    expect(picks.map((p) => [p.textContent, p.getAttribute('href')])).toEqual([
      ['朋友圈文案', '/pages/index/create/index?templateId=4'],
      ['小红书笔记', '/pages/index/create/index?templateId=5'],
    ]);
    expect(screen.getByTestId('create-all-templates')).toHaveAttribute('href', '/pages/index/temps/index');

    fireEvent.click(screen.getByTestId('create-generate'));
    expect(await screen.findByRole('alert')).toHaveTextContent('请先写下你的创作需求');
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByTestId('create-free'), { target: { value: '  给社区咖啡馆写开业文案，50字以内 ' } });
    fireEvent.click(screen.getByTestId('create-generate'));
    await vi.waitFor(() => expect(location.pathname).toBe('/pages/detail/copy'));
    expect(location.search).toBe('?messageId=31');
    expect(sent).toEqual([{ content: '给社区咖啡馆写开业文案，50字以内' }]);
  });

  it('an unknown template says so and leads to the template list', async () => {
    logIn();
    vi.stubGlobal('fetch', vi.fn(async () => envelope(null, { code: 404, message: '模板不存在', error: 'template_not_found' })));
    await renderApp('/pages/index/create/index?templateId=99');
    const missing = await screen.findByTestId('temps-not-found');
    expect(missing).toHaveTextContent('模板不存在');
    expect(screen.getByText('全部模板').closest('a')).toHaveAttribute('href', '/pages/index/temps/index');
  });
});
