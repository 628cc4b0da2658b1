/** Money on the client: the server sends integer fen; the screens show yuan with two decimals (¥25.00). */
export const fenToYuan = (fen: number): string => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
export const formatPrice = (fen: number): string => `¥${fenToYuan(fen)}`;

/** Packages the app lists (spec §9: os android, plus those for all), ascending orderNo. */
export const sortPackages = <T extends { orderNo: number; metadata: { os: string } }>(items: readonly T[]): T[] =>
  items.filter((p) => p.metadata.os === 'android' || p.metadata.os === 'all').sort((a, b) => a.orderNo - b.orderNo);

/** YYYY-MM of a year and a 1-based month. */
export const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;
/** Month shifted by `delta` months. */
export const shiftMonth = (year: number, month: number, delta: number): { year: number; month: number } => {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
/** Cells of a month grid starting on Monday: null for the blanks before day 1. */
export const monthCells = (year: number, month: number): (number | null)[] => {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first + 6) % 7;
  return [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
};
