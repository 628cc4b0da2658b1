import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../../test/render-app';
import { useAppStore } from './app-store';
import { storage } from './storage';
import { DRAFT_WRITE_DELAY_MS, draftKey, useDraft } from './use-draft';

function Form({ initial = '', restore, fill }: { initial?: string; restore?: boolean; fill?: string }) {
  const [text, setText, draft] = useDraft('test.form', initial, { restore });
  return (
    <div>
      <textarea data-testid="text" value={text} onChange={(e) => setText(e.target.value)} />
      <span data-testid="restored">{String(draft.restored)}</span>
      <button type="button" data-testid="send" onClick={draft.clear}>
        send
      </button>
      {fill === undefined ? null : (
        <button type="button" data-testid="fill" onClick={() => draft.fill(fill)}>
          fill
        </button>
      )}
    </div>
  );
}

const type = (value: string) => fireEvent.change(screen.getByTestId('text'), { target: { value } });
const saved = (user: number | string = 'anon') => storage.get<string>(draftKey(user, 'test.form'));

describe('useDraft', () => {
  it('writes what is typed once typing pauses, and a new form starts from it', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<Form />);
    type('给咖啡馆写');
    type('给咖啡馆写开业文案');
    expect(saved()).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS));
    expect(saved()).toBe('给咖啡馆写开业文案');
    unmount();

    render(<Form />);
    expect(screen.getByTestId('text')).toHaveValue('给咖啡馆写开业文案');
    expect(screen.getByTestId('restored')).toHaveTextContent('true');
  });

  it('does not lose the last keystrokes when the page goes away before the delay', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<Form />);
    type('刚输入');
    window.dispatchEvent(new Event('pagehide'));
    expect(saved()).toBe('刚输入');
    type('刚输入的字');
    unmount();
    expect(saved()).toBe('刚输入的字');
  });

  it('a form mounted again right after typing (its page re-rendered elsewhere) keeps the last keystrokes', async () => {
    vi.useFakeTimers();
    function Moving({ wrapped }: { wrapped: boolean }) {
      return wrapped ? (
        <section>
          <Form />
        </section>
      ) : (
        <Form />
      );
    }
    const { rerender } = render(<Moving wrapped={false} />);
    type('雨后的江南小巷');
    rerender(<Moving wrapped />);
    expect(screen.getByTestId('text')).toHaveValue('雨后的江南小巷');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS));
    expect(saved()).toBe('雨后的江南小巷');
  });

  it('is forgotten once sent, while the text stays on screen; emptied text is no draft', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<Form />);
    type('一张海边日落');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS));
    fireEvent.click(screen.getByTestId('send'));
    expect(saved()).toBeUndefined();
    expect(screen.getByTestId('text')).toHaveValue('一张海边日落');
    unmount();
    expect(saved()).toBeUndefined();

    render(<Form />);
    expect(screen.getByTestId('text')).toHaveValue('');
    type('再写一段');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS));
    expect(saved()).toBe('再写一段');
    type('');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS));
    expect(saved()).toBeUndefined();
  });

  it('is kept per user', async () => {
    vi.useFakeTimers();
    useAppStore.getState().setSession({ accessToken: fakeToken({ uid: 41 }) });
    const { unmount } = render(<Form />);
    type('用户41的草稿');
    unmount();
    expect(saved(41)).toBe('用户41的草稿');

    useAppStore.getState().setSession({ accessToken: fakeToken({ uid: 42 }) });
    render(<Form />);
    expect(screen.getByTestId('text')).toHaveValue('');
  });

  it('a prefill that must win starts the form, and opening a form writes nothing', async () => {
    vi.useFakeTimers();
    storage.set(draftKey('anon', 'test.form'), '旧草稿');
    const { unmount } = render(<Form initial="链接带来的提示词" restore={false} />);
    expect(screen.getByTestId('text')).toHaveValue('链接带来的提示词');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS));
    unmount();
    expect(saved()).toBe('旧草稿');
  });

  it("content filled in by the page (an article being edited) is no draft; a change to it is", async () => {
    vi.useFakeTimers();
    const { unmount } = render(<Form fill="已发布的正文" />);
    fireEvent.click(screen.getByTestId('fill'));
    expect(screen.getByTestId('text')).toHaveValue('已发布的正文');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS));
    expect(saved()).toBeUndefined();
    type('已发布的正文，改了一句');
    unmount();
    expect(saved()).toBe('已发布的正文，改了一句');
  });
});
