import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLongPress } from './use-long-press';

function Target({ onLongPress }: { onLongPress: () => void }) {
  return <div data-testid="target" {...useLongPress(onLongPress)} />;
}

describe('long press', () => {
  it('fires after 350 ms of holding', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    render(<Target onLongPress={fn} />);
    fireEvent.touchStart(screen.getByTestId('target'), { touches: [{ clientX: 10, clientY: 10 }] });
    vi.advanceTimersByTime(349);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('is cancelled when the finger moves more than 10 px, not when it moves less', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    render(<Target onLongPress={fn} />);
    const target = screen.getByTestId('target');
    fireEvent.touchStart(target, { touches: [{ clientX: 10, clientY: 10 }] });
    fireEvent.touchMove(target, { touches: [{ clientX: 16, clientY: 16 }] });
    vi.advanceTimersByTime(350);
    expect(fn).toHaveBeenCalledOnce();
    fireEvent.touchEnd(target);
    fireEvent.touchStart(target, { touches: [{ clientX: 10, clientY: 10 }] });
    fireEvent.touchMove(target, { touches: [{ clientX: 21, clientY: 10 }] });
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('is cancelled when the finger lifts early', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    render(<Target onLongPress={fn} />);
    fireEvent.touchStart(screen.getByTestId('target'), { touches: [{ clientX: 0, clientY: 0 }] });
    vi.advanceTimersByTime(200);
    fireEvent.touchEnd(screen.getByTestId('target'));
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});
