import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const historyItem = (id: number, content: string, data: Record<string, unknown>) => ({
  id,
  type: 'chat',
  content,
  data,
  createTime: '2026-11-24T08:00:00Z',
});

/** A streamed answer: its start, one delta and its end with the whole text (the continued part included). */
const sse = (messageId: number, delta: string, text: string) =>
  [
    `event: start\ndata: {"messageId":${messageId},"questionId":${messageId - 1},"conversationId":1,"provider":"openai","model":"m"}\n\n`,
    `event: delta\ndata: ${JSON.stringify({ text: delta })}\n\n`,
    `event: done\ndata: ${JSON.stringify({ messageId, conversationId: 1, text, stopped: false, provider: 'openai', model: 'm', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, reported: false } })}\n\n`,
  ].join('');

describe('the AI copy tab', () => {
  it('shows the quota and my history; 继续 goes on with the stopped answer, a question gets its own bubbles', async () => {
    logIn();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.startsWith('/api/sysMessage/quota'))
          return envelope({ used: 1, limit: 5, remaining: 4, isVip: false, date: '2026-11-24' });
        if (path.startsWith('/api/sysMessage/history'))
          return envelope({
            items: [
              historyItem(2, '咖啡馆今天开业', { role: 'assistant', status: 'stopped', provider: 'openai', replyTo: 1 }),
              historyItem(1, '写一段开业文案', { role: 'user' }),
            ],
            page: 1,
            pageSize: 10,
            nextCursor: null,
          });
        if (path.includes('sendToRobotForSSE')) {
          const body = JSON.parse(String(init?.body)) as { content: string };
          sent.push(body);
          const stream = body.content
            ? sse(4, '好的，这是新的文案。', '好的，这是新的文案。')
            : sse(2, '，欢迎来坐坐。', '咖啡馆今天开业，欢迎来坐坐。');
          return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
        }
        return envelope(null);
      }),
    );
    await renderApp('/pages/index/ai');
    expect((await screen.findByTestId('chat-quota-count')).textContent).toContain('4');
    expect(screen.getByTestId('chat-quota-rule')).toBeTruthy();
    await screen.findByTestId('answer-stopped');
    expect(screen.getByTestId('chat-question').textContent).toBe('写一段开业文案');

    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '继续' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await vi.waitFor(() => expect(screen.getAllByTestId('chat-answer')[0]?.textContent).toContain('咖啡馆今天开业，欢迎来坐坐。'));
    expect(sent[0]).toMatchObject({ content: '', continueOf: 2 });
    expect(screen.getAllByTestId('chat-answer')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '再写一段' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await vi.waitFor(() => expect(screen.getAllByTestId('chat-answer')).toHaveLength(2));
    const answers = screen.getAllByTestId('chat-answer');
    await vi.waitFor(() => expect(within(answers[1]!).getByText(/好的，这是新的文案。/)).toBeTruthy());
    expect(screen.getAllByTestId('chat-question').map((q) => q.textContent)).toEqual(['写一段开业文案', '再写一段']);
    expect(sent[1]).toMatchObject({ content: '再写一段' });
  });
});
