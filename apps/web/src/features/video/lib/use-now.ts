import { useEffect, useState } from 'react';

/** The time now, refreshed every minute (for countdowns in whole minutes). */
export const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** Time left until `expireAt` in whole days, hours and minutes, or null once it has passed. */
export const timeLeft = (expireAt: string, now: number) => {
  const left = new Date(expireAt).getTime() - now;
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400_000),
    hours: Math.floor((left % 86_400_000) / 3_600_000),
    minutes: Math.floor((left % 3_600_000) / 60_000),
  };
};
