/** Time source passed into services so tests can fix "now" (day boundaries, expiry). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export const fixedClock = (start: Date | string) => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (value: Date | string) => {
      current = new Date(value);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
};

/** Calendar date (YYYY-MM-DD) in Asia/Shanghai, the product's business day. */
export const shanghaiDate = (date: Date): string => {
  const shifted = new Date(date.getTime() + 8 * 3600 * 1000);
  return shifted.toISOString().slice(0, 10);
};

/** A date filter's instant: `YYYY-MM-DD` is the start of that Asia/Shanghai day, anything else an ISO instant. */
export const filterInstant = (value: string): Date =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00+08:00`) : new Date(value);
