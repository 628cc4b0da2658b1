import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n';
import { monthCells, monthKey, shiftMonth } from '../lib/money';
import { MonthCalendar, type DayTotal } from './month-calendar';

beforeAll(async () => {
  await initI18n('zh-Hans');
});

const DATA: Record<string, DayTotal[]> = {
  '2026-01': [{ date: '2026-01-31', total: -2500, count: 1 }],
  '2026-02': [{ date: '2026-02-03', total: 100, count: 2 }],
};

function Harness() {
  const [m, setM] = useState({ year: 2026, month: 1 });
  return <MonthCalendar year={m.year} month={m.month} days={DATA[monthKey(m.year, m.month)] ?? []} onShift={(d) => setM(shiftMonth(m.year, m.month, d))} onPick={() => undefined} onSelectDay={() => undefined} />;
}

describe('month calendar', () => {
  it('shifts months across the year boundary', () => {
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2025, 12, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth(2026, 5, 14)).toEqual({ year: 2027, month: 7 });
  });

  it('lays out a month from Monday', () => {
    // 2026-02-01 is a Sunday: six blanks, then 28 days.
    const cells = monthCells(2026, 2);
    expect(cells.slice(0, 7)).toEqual([null, null, null, null, null, null, 1]);
    expect(cells.filter((c) => c !== null)).toHaveLength(28);
  });

  it('switches months with the buttons and shows each day total of the shown month', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Harness />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('2026年1月');
    expect(screen.getByTestId('day-total-2026-01-31')).toHaveTextContent('-2500');
    fireEvent.click(screen.getByTestId('next-month'));
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('2026年2月');
    expect(screen.getByTestId('day-total-2026-02-03')).toHaveTextContent('+100');
    expect(screen.queryByTestId('day-2026-02-29')).toBeNull();
    fireEvent.click(screen.getByTestId('prev-month'));
    fireEvent.click(screen.getByTestId('prev-month'));
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('2025年12月');
    expect(screen.getByTestId('day-2025-12-31')).toBeInTheDocument();
  });
});
