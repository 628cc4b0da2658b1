import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi } from '../../test/render-console';

beforeEach(() => logInOperator());

describe('check-in rules', () => {
  it('sends the points per streak day as numbers and the rule texts line by line, refusing anything but integers', async () => {
    const rules = { pointsPerStreakDay: [5, 10], rules: ['每天签到一次'] };
    const sent = serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'GET /api/console/check-in/rules': () => envelope(rules),
      'POST /api/console/check-in/rules': (body) => envelope(body),
    });
    await renderConsole('/commerce/checkIn');
    const points = await screen.findByDisplayValue('5, 10');
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.clear(points);
    await clicks.type(points, '5, ten');
    await clicks.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写以逗号分隔的整数')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST' && r.path === '/api/console/check-in/rules')).toBe(false);

    await clicks.clear(points);
    await clicks.type(points, '5, 10，15 20');
    const texts = screen.getByDisplayValue('每天签到一次');
    await clicks.type(texts, '\n\n  连续 7 天有惊喜  ');
    await clicks.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/console/check-in/rules')).toBe(true));
    expect(sent.find((r) => r.method === 'POST' && r.path === '/api/console/check-in/rules')?.body).toEqual({
      pointsPerStreakDay: [5, 10, 15, 20],
      rules: ['每天签到一次', '连续 7 天有惊喜'],
    });
  });
});
