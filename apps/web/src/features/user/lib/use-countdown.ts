import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown ticking once a second; `start(n)` (re)starts it. */
export const useCountdown = (): [number, (seconds: number) => void] => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.floor(seconds))), []);
  return [left, start];
};
