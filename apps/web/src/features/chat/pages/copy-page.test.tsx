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
});
