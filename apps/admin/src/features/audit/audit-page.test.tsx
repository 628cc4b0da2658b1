import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, userRef } from '../../test/render-console';

const entry = (id: number) => ({
  id,
  operator: userRef(1, '运营小王'),
  action: `user.ban.${id}`,
  targetType: 'user',
  targetId: String(id),
  targetName: null as string | null,
  before: null,
  after: null,
  reason: null,
  ip: null,
  createTime: '2026-11-24T08:00:00.000Z',
});

beforeEach(() => logInOperator());
afterEach(() => vi.unstubAllGlobals());

type Body = { page: number; pageSize: number; cursor?: string; filters: Record<string, unknown> };

describe('audit log paging', () => {
  it('asks the next page by the cursor of the page before, a page jumped to by its number', async () => {
    const sent = serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/audit/page': (body) => {
        const { page, pageSize } = body as Body;
        // Ids count down from 1000: page n holds 1000 - (n-1)*size …; the cursor is the last id shown.
        const items = Array.from({ length: pageSize }, (_, i) => entry(1000 - (page - 1) * pageSize - i));
        return envelope({
          items,
          total: 50_000,
          totalExact: false,
          page,
          pageSize,
          nextCursor: String(items.at(-1)!.id),
        });
      },
    });
    const clicks = userEvent.setup();
    await renderConsole('/audit');
    expect(await screen.findByText('user.ban.1000')).toBeInTheDocument();
    expect(screen.getByText('约 50000 条')).toBeInTheDocument();

    await clicks.click(screen.getByTitle('2'));
    expect(await screen.findByText('user.ban.980')).toBeInTheDocument();
    await clicks.click(screen.getByTitle('5'));
    expect(await screen.findByText('user.ban.920')).toBeInTheDocument();

    const asked = sent.filter((r) => r.path === '/api/console/audit/page').map((r) => r.body as Body);
    expect(asked.map((b) => [b.page, b.cursor])).toEqual([
      [1, undefined],
      [2, '981'],
      [5, undefined],
    ]);

    // A new filter starts over: page 1, no cursor of the old list.
    await clicks.type(screen.getByPlaceholderText('操作'), 'user.{Enter}');
    await waitFor(() => expect(sent.at(-1)!.body).toMatchObject({ page: 1, filters: { action: 'user.' } }));
    expect((sent.at(-1)!.body as Body).cursor).toBeUndefined();
  });

  it('names each target by its title or name, and by its kind and id only when none is known', async () => {
    serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/audit/page': () =>
        envelope({
          items: [
            { ...entry(2), action: 'content.take_down', targetType: 'article', targetId: '37', targetName: '春日短片' },
            { ...entry(1), action: 'prize.update', targetType: 'prize', targetId: '4', targetName: null },
          ],
          total: 2,
          totalExact: true,
          page: 1,
          pageSize: 20,
          nextCursor: null,
        }),
    });
    await renderConsole('/audit');
    await waitFor(() => expect(screen.getAllByTestId('audit-target')).toHaveLength(2));
    const targets = screen.getAllByTestId('audit-target').map((el) => el.textContent);
    expect(targets[0]).toMatch(/「春日短片」$/);
    expect(targets[0]).not.toContain('37');
    expect(targets[1]).toMatch(/ 4$/);
  });
});
