import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a countdown; `start(n)` (re)starts it. Counted from a deadline, so a throttled
 * background tab still shows the right number when it comes back.
 */
export const useCountdown = (): [number, (seconds: number) => void] => {
  const [end, setEnd] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (end === 0) return undefined;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setEnd(0);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [end]);
  const start = useCallback((seconds: number) => setEnd(Date.now() + Math.max(0, Math.floor(seconds)) * 1000), []);
  return [left, start];
};
