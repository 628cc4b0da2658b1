import { useQuery } from '@tanstack/react-query';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { getBillsQueryOptions, getCalendarQueryOptions } from '../api/commerce';
import { MonthCalendar } from '../components/month-calendar';
import { monthKey, shiftMonth } from '../lib/money';
import { BillLine } from '../components/bill-line';
import '../commerce.css';

/** Years offered by the year/month picker: the current year ± 150. */
export const PICKER_YEARS = 150;

/** Spec §2 consumption records: a month calendar of each day's gold total, switchable months, the rows of a day. */
export function ExpenseCalendarPage() {
  const { t } = useTranslation();
  const now = new Date();
  const [{ year, month }, setMonth] = useState({ year: now.getFullYear(), month: now.getMonth() + 1 });
  const [picking, setPicking] = useState(false);
  const [day, setDay] = useState<string | undefined>();
  const key = monthKey(year, month);
  const calendar = useQuery(getCalendarQueryOptions(key));
  const bills = useQuery(getBillsQueryOptions(key));
  const rows = (bills.data?.items ?? []).filter((b) => !day || b.date === day);

  const go = (next: { year: number; month: number }) => {
    setMonth(next);
    setDay(undefined);
  };

  return (
    <div className="vip-page" data-testid="expense-calendar-page">
      <MonthCalendar
        year={year}
        month={month}
        days={calendar.data?.days ?? []}
        selectedDay={day}
        onShift={(delta) => go(shiftMonth(year, month, delta))}
        onPick={() => setPicking(true)}
        onSelectDay={(date) => setDay(date === day ? undefined : date)}
      />
      <p className="vip-calendar__sum" data-testid="month-sum">
        <span>{t('commerce.income', { value: calendar.data?.income ?? 0 })}</span>
        <span>{t('commerce.expense', { value: calendar.data?.expense ?? 0 })}</span>
      </p>
      <DatePicker
        visible={picking}
        precision="month"
        title={t('commerce.pickMonth')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        min={new Date(now.getFullYear() - PICKER_YEARS, 0, 1)}
        max={new Date(now.getFullYear() + PICKER_YEARS, 11, 31)}
        value={new Date(year, month - 1, 1)}
        onClose={() => setPicking(false)}
        onConfirm={(value) => go({ year: value.getFullYear(), month: value.getMonth() + 1 })}
      />
      <section className="vip-card">
        <h2 className="vip-card__title">{day ? t('commerce.dayRecords', { date: day }) : t('commerce.records')}</h2>
        {calendar.isError || bills.isError ? (
          <EmptyState image="network" title={t('commerce.loadFailed')} />
        ) : rows.length ? (
          <ul className="vip-records" data-testid="bill-list">
            {rows.map((b) => (
              <li key={b.id}>
                <Link className="vip-records__item" to={`/pages/index/vip/consumptionRecordDetails?id=${b.id}`} data-testid={`bill-${b.id}`}>
                  <BillLine bill={b} />
                </Link>
              </li>
            ))}
          </ul>
        ) : bills.isPending ? (
          <p>{t('common.loading')}</p>
        ) : (
          <EmptyState title={t('commerce.noRecords')} testId="bill-empty" />
        )}
      </section>
    </div>
  );
}
