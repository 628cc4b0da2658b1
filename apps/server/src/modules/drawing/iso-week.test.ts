import { describe, expect, it } from 'vitest';
import { isoWeekOf } from './iso-week.js';

describe('ISO week in Asia/Shanghai', () => {
  it('turns the week at Monday 00:00 Shanghai time, not UTC', () => {
    // Monday 2026-11-30 00:00 in Shanghai is Sunday 16:00 UTC.
    expect(isoWeekOf(new Date('2026-11-29T15:59:59Z'))).toBe('2026-W48');
    expect(isoWeekOf(new Date('2026-11-29T16:00:00Z'))).toBe('2026-W49');
  });

  it('gives days around the new year to the year of their Thursday', () => {
    expect(isoWeekOf(new Date('2027-01-01T04:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2025-12-29T04:00:00Z'))).toBe('2026-W01');
    expect(isoWeekOf(new Date('2026-01-05T04:00:00Z'))).toBe('2026-W02');
  });
});
