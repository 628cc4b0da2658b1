import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckInDay } from '@app/contract';
import { initI18n } from '../../../shared/i18n';
import { calendarWeeks, CheckInCalendar, weekdayOf } from './check-in-calendar';

const month = (prefix: string, length: number, checked: number[]): CheckInDay[] =>
  Array.from({ length }, (_, i) => {
    const day = i + 1;
    const on = checked.includes(day);
    return { date: `${prefix}-${String(day).padStart(2, '0')}`, checkedIn: on, points: on ? 10 + day : null, streak: on ? 1 : null };
  });

describe('check-in calendar', () => {
  beforeAll(() => initI18n('zh-Hans'));

  it('lays the month out in Sunday-first weeks', () => {
    // 2026-11-01 is a Sunday; 2026-10-01 a Thursday.
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(weekdayOf('2026-10-01')).toBe(4);
    const weeks = calendarWeeks(month('2026-10', 31, []));
    expect(weeks[0]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect(weeks[0]![4]!.date).toBe('2026-10-01');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('marks the checked days with their points and outlines today', () => {
    render(<CheckInCalendar days={month('2026-11', 30, [3, 4, 21])} today="2026-11-21" />);
    const checked = screen.getAllByRole('cell').filter((c) => c.getAttribute('data-checked') === 'true');
    expect(checked.map((c) => c.getAttribute('data-testid'))).toEqual([
      'calendar-day-2026-11-03',
      'calendar-day-2026-11-04',
      'calendar-day-2026-11-21',
    ]);
    expect(screen.getByTestId('calendar-day-2026-11-21').textContent).toBe('21+31');
    expect(screen.getByTestId('calendar-day-2026-11-21').className).toContain('checkin-calendar__day--today');
    expect(screen.getByTestId('calendar-day-2026-11-05').getAttribute('data-checked')).toBe('false');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['日', '一', '二', '三', '四', '五', '六']);
  });
});
