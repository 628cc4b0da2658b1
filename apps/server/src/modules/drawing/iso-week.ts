/** Asia/Shanghai has no daylight saving: its weeks are UTC+8 weeks. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The ISO week (Monday to Sunday, Asia/Shanghai) of an instant, as `2026-W48` (the weekly ranking's key). */
export const isoWeekOf = (at: Date): string => {
  const local = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  const weekday = (local.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  // An ISO week belongs to the year of its Thursday.
  const thursday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - weekday + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
};
