/**
 * Relative time labels (spec §9): just now, N minutes/hours/days/months/years ago, in the current
 * language through the `time.*` keys.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export const relativeTime = (value: string | number | Date, t: Translate, now: number = Date.now()): string => {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const diff = Math.max(0, now - time);
  if (diff < MINUTE) return t('time.justNow');
  if (diff < HOUR) return t('time.minutesAgo', { count: Math.floor(diff / MINUTE) });
  if (diff < DAY) return t('time.hoursAgo', { count: Math.floor(diff / HOUR) });
  if (diff < MONTH) return t('time.daysAgo', { count: Math.floor(diff / DAY) });
  if (diff < YEAR) return t('time.monthsAgo', { count: Math.floor(diff / MONTH) });
  return t('time.yearsAgo', { count: Math.floor(diff / YEAR) });
};

/** `YYYY-MM-DD` in local time. */
export const formatDate = (value: string | number | Date): string => {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
