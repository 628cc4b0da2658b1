import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { PayMethod } from '@app/contract';
import { lazy, Suspense, useEffect, useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/lib/api';
import { formatFen, jobTypeName } from '../../shared/lib/format';
import { getDashboardQueryOptions, type Dashboard } from './api/dashboard';

// The chart library (ECharts) loads only here, after the figures: the console's first screen never carries it.
const Chart = lazy(() => import('./chart'));

type JobRow = Dashboard['jobs'][number];

const payMethodName = Object.fromEntries(Object.entries(PayMethod).map(([name, value]) => [value, name]));

/** Today and the last 30 days, from the server's SQL aggregates. */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useQuery(getDashboardQueryOptions());
  const data = dashboard.data;
  const days = useMemo(() => data?.days.map((day) => day.date.slice(5)) ?? [], [data]);
  const settled = Boolean(dashboard.data || dashboard.error);
  // The bench's first-screen measure ends once the figures (or the error) show (bench/admin.bench.mjs).
  useEffect(() => {
    if (settled) performance.mark('console-ready:dashboard');
  }, [settled]);
  const pick = (field: keyof Dashboard['today']) => data?.days.map((day) => Number(day[field])) ?? [];

  if (dashboard.error) return <Alert type="error" showIcon message={errorMessage(dashboard.error)} />;
  if (!data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const today = data.today;
  const figures: [string, number | string][] = [
    ['dashboard.newUsers', today.newUsers],
    ['dashboard.activeUsers', today.activeUsers],
    ['dashboard.pageViews', today.pageViews],
    ['dashboard.paidOrders', today.paidOrders],
    ['dashboard.revenue', formatFen(today.revenueFen)],
    ['dashboard.goldSold', today.goldSold],
    ['dashboard.goldDailyFree', today.goldDailyFree],
    ['dashboard.goldSpent', today.goldSpent],
    ['dashboard.chatQuestions', today.chatQuestions],
    ['dashboard.checkIns', today.checkIns],
  ];
  const series = (...fields: (keyof Dashboard['today'])[]) => fields.map((field) => ({ name: t(`dashboard.${field}`), values: pick(field) }));
  const charts: (ComponentProps<typeof Chart> & { title: string })[] = [
    { title: 'dashboard.usersTrend', kind: 'line', testId: 'chart-users', categories: days, series: series('newUsers', 'activeUsers', 'pageViews') },
    {
      title: 'dashboard.revenueTrend',
      kind: 'bar',
      categories: days,
      series: [{ name: t('dashboard.revenueYuan'), values: pick('revenueFen').map((fen) => fen / 100) }],
    },
    { title: 'dashboard.goldTrend', kind: 'line', categories: days, series: series('goldSold', 'goldDailyFree', 'goldSpent') },
    { title: 'dashboard.activityTrend', kind: 'bar', categories: days, series: series('chatQuestions', 'checkIns', 'paidOrders') },
    {
      title: 'dashboard.byPayMethod',
      kind: 'bar',
      categories: data.revenueByPayMethod.map((row) => t(`payMethod.${payMethodName[row.payMethod] ?? 'Other'}`)),
      series: [
        { name: t('dashboard.revenueYuan'), values: data.revenueByPayMethod.map((row) => row.revenueFen / 100) },
        { name: t('dashboard.paidOrders'), values: data.revenueByPayMethod.map((row) => row.orders) },
      ],
    },
  ];
  const chartFallback = <Skeleton.Node active style={{ width: '100%', height: 280 }} />;
  return (
    <>
      <Card title={t('dashboard.today')} style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]}>
          {figures.map(([key, value]) => (
            <Col key={key} span={8} xl={4}>
              <Statistic title={t(key)} value={value} />
            </Col>
          ))}
        </Row>
      </Card>
      <Suspense fallback={chartFallback}>
        <Row gutter={16}>
          {charts.map(({ title, ...chart }) => (
            <Col key={title} span={12}>
              <Card title={t(title)} style={{ marginBottom: 16 }}>
                <Chart {...chart} />
              </Card>
            </Col>
          ))}
          <Col span={12}>
            <Card title={t('dashboard.jobs')} style={{ marginBottom: 16 }}>
              {/* A plain table: antd's Table would put 50 KB on the console's first screen for a dozen rows. */}
              <table className="plain-table" data-testid="jobs-table">
                <thead>
                  <tr>
                    <th>{t('field.type')}</th>
                    <th>{t('field.state')}</th>
                    <th>{t('dashboard.count')}</th>
                    <th>{t('dashboard.avgSeconds')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.jobs.map((row: JobRow) => (
                    <tr key={`${row.type}:${row.state}`}>
                      <td>{jobTypeName(row.type)}</td>
                      <td>{t(`jobState.${row.state}`)}</td>
                      <td>{row.count}</td>
                      <td>{row.avgSeconds === null ? '—' : row.avgSeconds.toFixed(1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          </Col>
        </Row>
      </Suspense>
    </>
  );
}
