import { fireEvent, render, screen } from '@testing-library/react';
import type { DrawResult, Prize, PrizeListResult } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n';
import { createQueryClient, envelope, logIn, Providers } from '../../../test/render-app';
import { LuckyPage } from './lucky-page';

const prizes: Prize[] = [
  { id: 1, slot: 0, name: '谢谢参与', image: '/static/p.svg', kind: 'none', amount: 0 },
  { id: 2, slot: 1, name: '50 积分', image: '/static/p.svg', kind: 'points', amount: 50 },
];
const wheel = (points: number, remaining: number): PrizeListResult => ({
  prizes,
  costPoints: 10,
  dailyLimit: 3,
  drawsToday: 3 - remaining,
  remainingToday: remaining,
  myPoints: points,
  rules: [],
});
const draw: DrawResult = { recordId: 9, slot: 1, prize: prizes[1]!, won: true, cost: 10, points: 140, drawsToday: 1, remainingToday: 2 };

describe('lucky wheel page', () => {
  it('shows the new points and draws left only once the wheel has stopped', async () => {
    await initI18n('zh-Hans');
    logIn();
    let server = wheel(100, 3);
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        asked.push(path);
        if (path.startsWith('/api/sysDrawPrize/prizeList')) return envelope(server);
        if (path.startsWith('/api/sysDrawPrize/myPrizes')) return envelope({ items: [], total: 0, page: 1, pageSize: 50 });
        if (path.startsWith('/api/sysDrawPrize/startDraw')) {
          server = wheel(140, 2);
          return envelope(draw);
        }
        return envelope(null, { code: 404 });
      }),
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <LuckyPage />
      </Providers>,
    );
    expect((await screen.findByTestId('lucky-points')).textContent).toBe('100');

    fireEvent.click(screen.getByTestId('lucky-spin'));
    await vi.waitFor(() => expect(screen.getByTestId('lucky-wheel-disc').style.transform).not.toBe('rotate(0deg)'));
    // The server answered, the wheel turns: nothing gives the result away yet.
    expect(screen.queryByTestId('lucky-result')).toBeNull();
    expect(screen.getByTestId('lucky-points').textContent).toBe('100');
    expect(asked.filter((p) => p.startsWith('/api/sysDrawPrize/prizeList'))).toHaveLength(1);

    fireEvent.transitionEnd(screen.getByTestId('lucky-wheel-disc'));
    expect((await screen.findByTestId('lucky-result')).dataset.won).toBe('true');
    await vi.waitFor(() => expect(screen.getByTestId('lucky-points').textContent).toBe('140'));
    expect(screen.getByTestId('lucky-remaining').textContent).toContain('2/3');
  });
});
