import { fireEvent, render, screen } from '@testing-library/react';
import type { CheckInDetail, CheckInResult } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n';
import { createQueryClient, envelope, logIn, Providers } from '../../../test/render-app';
import { SignPage } from './sign-page';

const detail = (checked: boolean, points: number, monthCount: number): CheckInDetail => ({
  today: '2026-11-27',
  checkedInToday: checked,
  streak: checked ? 3 : 2,
  todayPoints: 10,
  tomorrowPoints: 15,
  points,
  month: '2026-11',
  days: [],
  monthCount,
  pointsPerStreakDay: [5, 10, 15],
  rules: [],
});
const result: CheckInResult = { alreadyCheckedIn: false, date: '2026-11-27', pointsGained: 10, streak: 3, points: 110, tomorrowPoints: 15 };

describe('daily check-in page', () => {
  it("checks in once, shows today's result and fetches the calendar again", async () => {
    await initI18n('zh-Hans');
    logIn();
    let server = detail(false, 100, 2);
    const fetchMock = vi.fn(async (url: string) => {
      const path = String(url);
      if (path.startsWith('/api/sysDailyCheckin/checkInDetail')) return envelope(server);
      if (path.startsWith('/api/sysDailyCheckin/checkIn')) {
        server = detail(true, 110, 3);
        return envelope(result);
      }
      return envelope(null, { code: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <Providers queryClient={createQueryClient()}>
        <SignPage />
      </Providers>,
    );
    expect((await screen.findByTestId('sign-points')).textContent).toBe('100');
    expect(screen.getByText('2026-11 已签到 2 天')).toBeTruthy();
    expect(screen.getByTestId('sign-button').dataset.checked).toBe('false');

    fireEvent.click(screen.getByTestId('sign-button'));
    expect(await screen.findByTestId('sign-result')).toBeTruthy();
    expect(screen.getByTestId('sign-points').textContent).toBe('110');
    expect(screen.getByTestId('sign-button').dataset.checked).toBe('true');
    // The month's calendar is read again after the check-in (it now counts today).
    expect(await screen.findByText('2026-11 已签到 3 天')).toBeTruthy();
    const paths = fetchMock.mock.calls.map(([u]) => String(u));
    expect(paths.filter((p) => p.startsWith('/api/sysDailyCheckin/checkInDetail'))).toHaveLength(2);
    expect(paths.filter((p) => p === '/api/sysDailyCheckin/checkIn')).toHaveLength(1);
  });
});
