import { useCallback, useEffect, useRef } from 'react';

/** Spec §9: a long press fires after 350 ms and is cancelled when the finger moves more than 10 px. */
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_TOLERANCE_PX = 10;

interface Point {
  clientX: number;
  clientY: number;
}

export function useLongPress(onLongPress: () => void, { delay = LONG_PRESS_MS, tolerance = LONG_PRESS_TOLERANCE_PX } = {}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<Point | undefined>(undefined);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    start.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);

  const begin = useCallback(
    (point: Point) => {
      cancel();
      fired.current = false;
      start.current = { clientX: point.clientX, clientY: point.clientY };
      timer.current = setTimeout(() => {
        fired.current = true;
        timer.current = undefined;
        callback.current();
      }, delay);
    },
    [cancel, delay],
  );

  const move = useCallback(
    (point: Point) => {
      const origin = start.current;
      if (!origin) return;
      if (Math.hypot(point.clientX - origin.clientX, point.clientY - origin.clientY) > tolerance) cancel();
    },
    [cancel, tolerance],
  );

  return {
    onTouchStart: (event: { touches: ArrayLike<Point> }) => {
      const touch = event.touches[0];
      if (touch) begin(touch);
    },
    onTouchMove: (event: { touches: ArrayLike<Point> }) => {
      const touch = event.touches[0];
      if (touch) move(touch);
    },
    onTouchEnd: cancel,
    onTouchCancel: cancel,
    onMouseDown: (event: Point) => begin(event),
    onMouseMove: (event: Point) => move(event),
    onMouseUp: cancel,
    onMouseLeave: cancel,
    /** Swallow the click that follows a long press. */
    onClickCapture: (event: { stopPropagation(): void; preventDefault(): void }) => {
      if (fired.current) {
        event.stopPropagation();
        event.preventDefault();
        fired.current = false;
      }
    },
  };
}
