/** Query keys of the activities (spec §7 Activities): check-in, points mall, lucky wheel, food vote. */
export const activityKeys = {
  /** Every month of the check-in calendar (its points and streak change with each check-in). */
  checkInAll: ['activity', 'check-in'] as const,
  checkIn: (month?: string) => ['activity', 'check-in', month ?? 'current'] as const,
  mall: ['activity', 'mall'] as const,
  myExchanges: ['activity', 'my-exchanges'] as const,
  prizes: ['activity', 'prizes'] as const,
  myPrizes: ['activity', 'my-prizes'] as const,
  vote: ['activity', 'vote'] as const,
};
