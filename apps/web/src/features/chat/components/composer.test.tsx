import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLanguage } from '../../../shared/i18n';
import { Composer } from './composer';
import { splitStable } from './streaming-markdown';

const renderComposer = (props: Partial<Parameters<typeof Composer>[0]> = {}) => {
  const onSend = vi.fn();
  const onStop = vi.fn();
  const view = render(
    <Composer streaming={false} onSend={onSend} onStop={onStop} {...props} />,
  );
  const rerender = (next: Partial<Parameters<typeof Composer>[0]>) =>
    view.rerender(
      <Composer streaming={false} onSend={onSend} onStop={onStop} {...props} {...next} />,
    );
  return { onSend, onStop, rerender };
};

beforeAll(async () => {
  await initI18n('zh-Hans');
  await loadLanguage('zh-Hans');
});

describe('chat composer', () => {
  it('keeps send disabled while the question is empty or blank', async () => {
    const { onSend } = renderComposer();
    const send = screen.getByTestId('chat-send');
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: ' 写一句朋友圈文案 ' } });
    expect(send).toBeEnabled();
    fireEvent.click(send);
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('写一句朋友圈文案'));
    expect(screen.getByTestId('chat-input')).toHaveValue('');
  });

  it('sends a question with emoji; does not send one with a sensitive word (fillers and emoji ignored) and keeps it for editing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('sensitive-stop-words')
          ? new Response(JSON.stringify({ version: 'v1', words: ['*'] }), { status: 200 })
          : new Response(JSON.stringify({ code: 200, result: { version: 'v1', words: ['赌博'], allowed: [] } }), { status: 200 }),
      ),
    );
    const { onSend } = renderComposer();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '怎么赌😀博' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await vi.waitFor(() => expect(document.body).toHaveTextContent('内容包含敏感词「赌博」'));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByTestId('chat-input')).toHaveValue('怎么赌😀博');
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '写一句朋友圈文案😀' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]![0]).toBe('写一句朋友圈文案😀');
    vi.unstubAllGlobals();
  });

  it('shows a stop button in the send button’s place while streaming; tapping it stops once', () => {
    const { onStop, onSend, rerender } = renderComposer();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'hello' } });
    const form = screen.getByTestId('chat-composer');
    const sendIndex = [...form.children].indexOf(screen.getByTestId('chat-send'));

    rerender({ streaming: true });
    expect(screen.queryByTestId('chat-send')).toBeNull();
    const stop = screen.getByTestId('chat-stop');
    expect([...form.children].indexOf(stop)).toBe(sendIndex);
    expect(stop).toHaveClass('chat-composer__button');
    // Enter / submit while streaming does not send a second question.
    fireEvent.submit(form);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);

    rerender({ streaming: true, stopping: true });
    expect(screen.getByTestId('chat-stop')).toBeDisabled();

    rerender({ streaming: false });
    expect(screen.queryByTestId('chat-stop')).toBeNull();
    expect(screen.getByTestId('chat-send')).toBeEnabled();
  });
});

describe('streaming markdown split', () => {
  it('parses only the paragraph being written, never splitting inside a code fence', () => {
    expect(splitStable('# 标题\n\n第一段\n\n第二')).toEqual(['# 标题\n\n第一段', '第二']);
    expect(splitStable('a\n\n```\ncode\n\nmore')).toEqual(['a', '```\ncode\n\nmore']);
    expect(splitStable('no break yet')).toEqual(['', 'no break yet']);
  });
});
