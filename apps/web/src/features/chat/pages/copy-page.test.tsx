import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, location, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const message = (content: string) => ({
  id: 5,
  conversationId: 1,
  robotId: 999,
  role: 'assistant',
  content,
  status: 'done',
  provider: 'openai',
  model: 'm',
  usage: null,
  replyTo: 4,
  templateId: null,
  fields: null,
  error: null,
  edited: false,
  createTime: '2026-11-24T08:00:00Z',
  updateTime: '2026-11-24T08:00:00Z',
  question: '写一段咖啡馆开业文案',
  template: null,
});

describe('generated copy hands its text on by id', () => {
  it('dubbing and video open with ?messageId=, never the text in the URL; an unsaved edit is saved first', async () => {
    logIn();
    let content = '咖啡馆今天开业，欢迎来坐坐。'.repeat(40);
    const updates: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).startsWith('/api/sysMessage/detail')) return envelope(message(content));
        if (String(url) === '/api/sysMessage/update') {
          const body = JSON.parse(String(init?.body)) as { content: string };
          updates.push(body);
          content = body.content;
          return envelope(message(content));
        }
        return envelope(null);
      }),
    );
    const view = await renderApp('/pages/detail/copy?messageId=5');
    await screen.findByTestId('copy-text');
    fireEvent.click(screen.getByTestId('copy-video'));
    await vi.waitFor(() => expect(location.pathname).toBe('/media/video/index'));
    expect(location.search).toBe('?messageId=5');
    view.unmount();

    await renderApp('/pages/detail/copy?messageId=5');
    await screen.findByTestId('copy-text');
    fireEvent.click(screen.getByTestId('copy-edit'));
    fireEvent.change(screen.getByTestId('copy-editor'), { target: { value: '改过的文案' } });
    fireEvent.click(screen.getByTestId('copy-dub'));
    await vi.waitFor(() => expect(location.pathname).toBe('/media/dub/index'));
    expect(location.search).toBe('?messageId=5');
    expect(updates).toEqual([{ messageId: 5, content: '改过的文案' }]);
  });

  it('a stopped copy offers 继续生成, which goes on in the same message after the text it had', async () => {
    logIn();
    let body: unknown;
    let status = 'stopped';
    let content = '咖啡馆今天开业';
    const sse = [
      'event: start\ndata: {"messageId":5,"questionId":4,"conversationId":1,"provider":"openai","model":"m"}\n\n',
      'event: delta\ndata: {"text":"，欢迎来坐坐。"}\n\n',
      'event: done\ndata: {"messageId":5,"conversationId":1,"text":"咖啡馆今天开业，欢迎来坐坐。","stopped":false,"provider":"openai","model":"m","usage":{"promptTokens":1,"completionTokens":1,"totalTokens":2,"reported":false}}\n\n',
    ].join('');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).startsWith('/api/sysMessage/detail')) return envelope({ ...message(content), status });
        if (String(url).includes('sendToRobotForSSE')) {
          body = JSON.parse(String(init?.body));
          status = 'done';
          content = '咖啡馆今天开业，欢迎来坐坐。';
          return new Response(sse, { status: 200, headers: { 'content-type': 'text/event-stream' } });
        }
        return envelope(null);
      }),
    );
    await renderApp('/pages/detail/copy?messageId=5');
    await screen.findByTestId('answer-stopped');
    fireEvent.click(screen.getByTestId('copy-continue'));
    await vi.waitFor(() => expect(screen.getByTestId('copy-text').textContent).toContain('咖啡馆今天开业，欢迎来坐坐。'));
    expect(body).toEqual({ content: '', continueOf: 5 });
    await vi.waitFor(() => expect(screen.queryByTestId('copy-continue')).toBeNull());
  });
});

