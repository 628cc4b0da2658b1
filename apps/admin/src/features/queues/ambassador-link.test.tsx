import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, userRef } from '../../test/render-console';

const submission = (id: number, taskTitle: string, link: string | null) => ({
  id,
  user: userRef(7, '小明'),
  taskId: 3,
  taskTitle,
  rewardGold: 300,
  rewardVipDays: 0,
  screenshots: [],
  link,
  note: null,
  state: 'pending',
  reviewNote: null,
  reviewTime: null,
  rewardState: 'none',
  createTime: '2026-11-24T08:00:00.000Z',
});

const HOSTILE = "javascript:document.title='pwned'";

beforeEach(() => logInOperator());
afterEach(() => vi.unstubAllGlobals());

/** Opens the drawer of the row showing `text` (clicking again if a refetch re-rendered the row). */
const openRow = async (clicks: ReturnType<typeof userEvent.setup>, text: string) => {
  await screen.findByText(text);
  await waitFor(async () => {
    if (!document.querySelector('.ant-drawer-open')) await clicks.click(screen.getByText(text));
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
  });
  return screen.findByRole('dialog');
};

describe('an ambassador submission’s link in the console', () => {
  it('a javascript: link (saved before the server checked links, or written to the database directly) shows as text, never as a link', async () => {
    serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/ambassador/submissions/page': () =>
        envelope({ items: [submission(1, '小红书笔记任务', HOSTILE)], total: 1, page: 1, pageSize: 20 }),
    });
    const clicks = userEvent.setup();
    await renderConsole('/queues/ambassadorSubmission');
    const drawer = await openRow(clicks, '小红书笔记任务');
    const shown = within(drawer).getByText(HOSTILE);
    expect(shown.closest('a')).toBeNull();
    expect(drawer.querySelector('a[href^="javascript:" i]')).toBeNull();
    expect(within(drawer).queryByTestId('submission-link')).toBeNull();
  });

  it('an http(s) link opens in a new tab', async () => {
    const link = 'https://www.xiaohongshu.com/explore/abc';
    serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/ambassador/submissions/page': () =>
        envelope({ items: [submission(2, '抖音视频任务', link)], total: 1, page: 1, pageSize: 20 }),
    });
    const clicks = userEvent.setup();
    await renderConsole('/queues/ambassadorSubmission');
    const drawer = await openRow(clicks, '抖音视频任务');
    const anchor = within(drawer).getByTestId('submission-link');
    expect(anchor.getAttribute('href')).toBe(link);
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toContain('noopener');
  });
});
