import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/lib/app-store';
import { envelope, logIn, renderApp } from '../../../test/render-app';

const message = (id: number, date: string, checked: boolean) => ({
  id,
  type: 'service',
  title: `标题${id}`,
  content: `内容${id}`,
  link: null,
  data: null,
  checked,
  senderId: 10086,
  peerId: 10086,
  receiveTime: `${date}T02:00:00Z`,
  date,
});

describe('message centre', () => {
  it('groups messages by date, marks one read on open and all read on request', async () => {
    logIn();
    const items = [message(3, '2026-01-02', false), message(2, '2026-01-01', false), message(1, '2026-01-01', true)];
    const groups = [
      { date: '2026-01-02', items: [items[0]] },
      { date: '2026-01-01', items: [items[1], items[2]] },
    ];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url) === '/api/sysIMMessage/page') return envelope({ items, groups, total: 3, page: 1, pageSize: 20, unread: 2 });
      if (String(url) === '/api/sysIMMessage/read') {
        const body = JSON.parse(String(init?.body)) as { ids?: number[]; all?: boolean };
        return envelope({ updated: body.all ? 1 : 1, unread: body.all ? 0 : 1 });
      }
      if (String(url) === '/api/sysIMMessage/unreadCount') return envelope({ unread: 2, byType: {} });
      return envelope(null, { code: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/index/notify/index');
    const sections = await screen.findAllByTestId('notify-group');
    expect(sections.map((s) => within(s).getAllByTestId('notify-item').length)).toEqual([1, 2]);
    expect(screen.getAllByTestId('notify-unread-dot')).toHaveLength(2);
    expect(useAppStore.getState().unreadCount).toBe(2);

    fireEvent.click(screen.getAllByTestId('notify-item')[0]!);
    await vi.waitFor(() => expect(screen.getAllByTestId('notify-unread-dot')).toHaveLength(1));
    const readCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/sysIMMessage/read');
    expect(JSON.parse(String(readCall![1]?.body))).toEqual({ ids: [3] });
    await vi.waitFor(() => expect(useAppStore.getState().unreadCount).toBe(1));

    fireEvent.click(screen.getByTestId('notify-read-all'));
    await vi.waitFor(() => expect(screen.queryAllByTestId('notify-unread-dot')).toHaveLength(0));
    expect(useAppStore.getState().unreadCount).toBe(0);
  });

  it('shows the empty state when there is nothing', async () => {
    logIn();
    vi.stubGlobal('fetch', vi.fn(async () => envelope({ items: [], groups: [], total: 0, page: 1, pageSize: 20, unread: 0 })));
    await renderApp('/pages/index/notify/index');
    expect(await screen.findByTestId('notify-empty')).toBeInTheDocument();
  });

  it('says "notice failed" when the server does not take a notice as read', async () => {
    logIn();
    const items = [message(3, '2026-01-02', false)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url) === '/api/sysIMMessage/page') return envelope({ items, groups: [{ date: '2026-01-02', items }], total: 1, page: 1, pageSize: 20, unread: 1 });
        if (String(url) === '/api/sysIMMessage/read') return envelope(null, { code: 400, message: '请选择消息', error: 'message_ids_or_all' });
        return envelope({ unread: 1, byType: {} });
      }),
    );
    await renderApp('/pages/index/notify/index');
    fireEvent.click(await screen.findByTestId('notify-read-all'));
    expect(await screen.findByText('通知失败')).toBeInTheDocument();
    expect(screen.getAllByTestId('notify-unread-dot')).toHaveLength(1);
  });
});
