import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../shared/lib/format';
import { envelope, logInOperator, operator, renderConsole, serveApi, userRef } from '../../test/render-console';

// The charts (ECharts on a canvas) are not what this test reads.
vi.mock('./chart', () => ({ default: () => null }));

beforeEach(() => logInOperator());
afterEach(() => vi.unstubAllGlobals());

const day = (date: string) => ({
  date,
  newUsers: 1,
  activeUsers: 1,
  pageViews: 1,
  paidOrders: 0,
  revenueFen: 0,
  goldSold: 0,
  goldDailyFree: 0,
  goldSpent: 0,
  chatQuestions: 0,
  checkIns: 0,
});

/** Issue 27 point 14: raw job names and audit keys in the Chinese console; times in the browser's zone. */
describe('the console speaks the operator’s language and Beijing time', () => {
  it('names the dashboard’s background jobs (no ai_draw_unqueued_sweep) and says the time zone', async () => {
    serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'GET /api/console/dashboard': () =>
        envelope({
          today: day('2026-11-27'),
          days: [day('2026-11-27')],
          revenueByPayMethod: [],
          jobs: [
            { type: 'ai_draw', state: 'succeeded', count: 3, avgSeconds: 2.5 },
            { type: 'ai_draw_unqueued_sweep', state: 'succeeded', count: 9, avgSeconds: 0.1 },
            { type: 'ai_draw_upscale', state: 'succeeded', count: 1, avgSeconds: 4 },
            { type: 'video_batch_sweep', state: 'succeeded', count: 2, avgSeconds: 0.1 },
            { type: 'video_scene', state: 'failed', count: 1, avgSeconds: 3 },
          ],
        }),
    });
    await renderConsole('/');
    const jobs = await screen.findByTestId('jobs-table', {}, { timeout: 15000 });
    expect(jobs).toHaveTextContent('AI 绘画');
    expect(jobs).toHaveTextContent('绘画：补投未入队任务');
    expect(jobs).toHaveTextContent('绘画：高清放大');
    expect(jobs).toHaveTextContent('视频：批量任务补投');
    expect(jobs).toHaveTextContent('视频：分镜单镜生成');
    expect(within(jobs).queryByText(/ai_draw|video_batch_sweep|video_scene/)).toBeNull();
    expect(screen.getByTestId('time-zone')).toHaveTextContent('北京时间（Asia/Shanghai）');
  });

  it('names audit actions and targets (no order.confirm_offline)', async () => {
    serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/audit/page': () =>
        envelope({
          items: [
            {
              id: 1,
              operator: userRef(1, '运营小王'),
              action: 'order.confirm_offline',
              targetType: 'order',
              targetId: '42',
              before: null,
              after: null,
              reason: null,
              ip: null,
              createTime: '2026-11-24T16:30:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
    });
    await renderConsole('/audit');
    expect(await screen.findByText('确认线下付款', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('订单 42')).toBeInTheDocument();
    expect(screen.queryByText('order.confirm_offline')).toBeNull();
  });

  it('shows instants in Beijing time whatever the browser’s zone', () => {
    // 16:30 UTC is 00:30 the next day in Beijing.
    expect(formatTime('2026-11-24T16:30:00.000Z')).toMatch(/2026\/11\/25 00:30/);
  });
});
