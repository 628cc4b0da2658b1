import type { CheckInDay } from '@app/contract';
import { useTranslation } from 'react-i18next';
import './activity.css';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Weekday (0 = Sunday) of a `YYYY-MM-DD` calendar date, independent of the device's time zone. */
export const weekdayOf = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
};

/** The month's days laid out in weeks (Sunday first), with nulls before the 1st and after the last day. */
export const calendarWeeks = (days: readonly CheckInDay[]): (CheckInDay | null)[][] => {
  if (days.length === 0) return [];
  const cells: (CheckInDay | null)[] = [...Array.from({ length: weekdayOf(days[0]!.date) }, () => null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CheckInDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
};

interface CheckInCalendarProps {
  days: readonly CheckInDay[];
  today: string;
}

/** This month's calendar: checked days marked, today outlined. */
export function CheckInCalendar({ days, today }: CheckInCalendarProps) {
  const { t } = useTranslation();
  return (
    <table className="checkin-calendar" data-testid="checkin-calendar">
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col">
              {t(`activity.weekday.${day}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {calendarWeeks(days).map((week, w) => (
          <tr key={w}>
            {week.map((day, i) =>
              day ? (
                <td
                  key={day.date}
                  data-testid={`calendar-day-${day.date}`}
                  data-checked={day.checkedIn ? 'true' : 'false'}
                  className={[
                    'checkin-calendar__day',
                    day.checkedIn ? 'checkin-calendar__day--checked' : '',
                    day.date === today ? 'checkin-calendar__day--today' : '',
                  ].join(' ')}
                  aria-label={day.checkedIn ? t('activity.sign.checkedDay', { date: day.date, points: day.points ?? 0 }) : day.date}
                >
                  <span>{Number(day.date.slice(8))}</span>
                  {day.checkedIn ? <small>+{day.points}</small> : null}
                </td>
              ) : (
                <td key={`blank-${i}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
