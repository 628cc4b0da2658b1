import { useTranslation } from 'react-i18next';
import { monthCells, monthKey } from '../lib/money';

export interface DayTotal {
  date: string;
  total: number;
  count: number;
}

/** A month grid (Monday first) with each day's total; previous/next month buttons and a title that opens the picker. */
export function MonthCalendar({
  year,
  month,
  days,
  selectedDay,
  onShift,
  onPick,
  onSelectDay,
}: {
  year: number;
  month: number;
  days: readonly DayTotal[];
  selectedDay?: string;
  onShift(delta: number): void;
  onPick(): void;
  onSelectDay(date: string): void;
}) {
  const { t } = useTranslation();
  const byDate = new Map(days.map((d) => [d.date, d]));
  const prefix = monthKey(year, month);
  return (
    <section className="vip-calendar" data-testid="month-calendar">
      <header className="vip-calendar__head">
        <button type="button" className="vip-calendar__shift" aria-label={t('commerce.prevMonth')} data-testid="prev-month" onClick={() => onShift(-1)}>
          ‹
        </button>
        <button type="button" className="vip-calendar__title" data-testid="calendar-title" onClick={onPick}>
          {t('commerce.monthTitle', { year, month })}
        </button>
        <button type="button" className="vip-calendar__shift" aria-label={t('commerce.nextMonth')} data-testid="next-month" onClick={() => onShift(1)}>
          ›
        </button>
      </header>
      <div className="vip-calendar__grid">
        {t('commerce.weekdays')
          .split(',')
          .map((w) => (
            <span key={w} className="vip-calendar__weekday">
              {w}
            </span>
          ))}
        {monthCells(year, month).map((day, index) => {
          if (day === null) return <span key={`blank-${index}`} />;
          const date = `${prefix}-${String(day).padStart(2, '0')}`;
          const total = byDate.get(date);
          return (
            <button
              type="button"
              key={date}
              className={['vip-calendar__day', total ? 'has-data' : '', selectedDay === date ? 'is-active' : ''].join(' ')}
              data-testid={`day-${date}`}
              onClick={() => onSelectDay(date)}
            >
              <span>{day}</span>
              {total ? <small className={total.total < 0 ? 'is-expense' : 'is-income'} data-testid={`day-total-${date}`}>{total.total > 0 ? `+${total.total}` : total.total}</small> : null}
            </button>
          );
        })}
      </div>
    </section>
  );
}
