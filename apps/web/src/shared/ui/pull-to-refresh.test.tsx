import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { PullToRefresh } from './pull-to-refresh';

beforeEach(async () => {
  await initI18n('zh-Hans');
});

const setup = (onRefresh: () => Promise<unknown>) => {
  render(
    <PullToRefresh threshold={45} onRefresh={onRefresh}>
      <p>list</p>
    </PullToRefresh>,
  );
  const area = screen.getByTestId('pull-to-refresh');
  const head = area.firstElementChild as HTMLElement;
  const text = screen.getByTestId('pull-to-refresh-text');
  const drag = (to: number, from = 100) => {
    fireEvent.touchStart(area, { touches: [{ clientX: 10, clientY: from }] });
    for (let y = from + 10; y <= to; y += 10)
      fireEvent.touchMove(area, { touches: [{ clientX: 10, clientY: y }] });
  };
  return { head, text, drag, release: () => fireEvent.touchEnd(area, { touches: [] }) };
};

describe('pull to refresh', () => {
  it('follows the finger with the rubber band and offers release past the 45px threshold', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { head, text, drag, release } = setup(onRefresh);
    expect(text).toHaveTextContent('下拉刷新');
    drag(200); // 100px of travel: 100 × 200 × 0.5 / (200 + 50) = 40px, under the threshold
    expect(head.style.height).toBe('40px');
    expect(text).toHaveTextContent('下拉刷新');
    release();
    expect(head.style.height).toBe('0px');
    expect(onRefresh).not.toHaveBeenCalled();

    drag(260); // 160px: 45.7px
    expect(text).toHaveTextContent('释放立即刷新');
  });

  it('refreshes on release, shows the result for 500 ms, then closes', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { head, text, drag, release } = setup(onRefresh);
    drag(300);
    release();
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(text).toHaveTextContent('加载中...');
    expect(head.style.height).toBe('40px');

    drag(400); // ignored while refreshing
    expect(head.style.height).toBe('40px');

    await act(async () => finish());
    expect(text).toHaveTextContent('刷新成功');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(head.style.height).toBe('0px');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(text).toHaveTextContent('下拉刷新');
  });

  it('leaves upward and sideways drags and scrolled pages alone', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { head, drag, release } = setup(onRefresh);
    const area = screen.getByTestId('pull-to-refresh');
    const gesture = (...points: [number, number][]) => {
      fireEvent.touchStart(area, { touches: [{ clientX: 100, clientY: 100 }] });
      for (const [x, y] of points) fireEvent.touchMove(area, { touches: [{ clientX: x, clientY: y }] });
      release();
    };
    gesture([100, 90], [100, 300]); // starts upwards
    gesture([180, 110], [180, 300]); // starts sideways
    expect(head.style.height).toBe('');

    const scrolled = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(50);
    drag(300);
    release();
    scrolled.mockRestore();
    expect(head.style.height).toBe('');
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
