import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, bodySentTo } from '../../test/render-console';

const user = {
  id: 7,
  account: null,
  nickName: '小明',
  avatar: '',
  phone: '138****0000',
  roles: ['user'],
  banned: false,
  banUntil: null,
  vipExpire: null,
  gold: 30,
  points: 1000,
  realNameStatus: 2,
  createTime: '2026-01-01T00:00:00.000Z',
  lastActiveTime: '2026-11-24T08:00:00.000Z',
  introduction: '',
  banReason: null,
  realName: { realName: '张三', idCardNum: '110***********1234', submitTime: '2026-02-01T00:00:00.000Z' },
  orderCount: 2,
  paidFen: 6000,
  articleCount: 4,
};
const paged = (items: unknown[]) => envelope({ items, total: items.length, page: 1, pageSize: 20 });

const routes = {
  'GET /api/console/me': () => envelope(operator),
  'GET /api/console/users/detail': () => envelope(user),
  'POST /api/console/users/orders': () => paged([]),
  'POST /api/console/users/ledger': () => paged([]),
  'GET /api/console/users/sessions': () => envelope([]),
};

beforeEach(() => logInOperator());

describe('a user’s page', () => {
  it('grants only a non-zero amount with a reason, and shows the server’s refusal', async () => {
    const sent = serveApi({
      ...routes,
      'POST /api/console/users/grant': () =>
        envelope(null, { code: 409, message: '余额不足，不能扣除', error: 'console_insufficient_balance' }),
    });
    await renderConsole('/users/7');
    expect(await screen.findByText('小明 #7')).toBeInTheDocument();
    expect(sent.find((r) => r.path === '/api/console/users/detail')).toBeDefined();
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(screen.getByRole('button', { name: '发放 / 扣除' }));
    const dialog = await screen.findByRole('dialog');
    await clicks.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写非零的数量')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写原因（用户会看到）')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/users/grant')).toBe(false);

    await clicks.type(within(dialog).getByRole('spinbutton'), '-50');
    await clicks.type(within(dialog).getByRole('textbox'), '误发金币收回');
    await clicks.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await bodySentTo(sent, '/api/console/users/grant')).toEqual({
      kind: 'gold',
      amount: -50,
      reason: '误发金币收回',
      userId: 7,
    });
    expect(await screen.findByText('余额不足，不能扣除')).toBeInTheDocument();
  });

  it('bans with a reason and an optional number of days', async () => {
    const sent = serveApi({
      ...routes,
      'POST /api/console/users/ban': () => envelope({ ...user, banned: true }),
    });
    await renderConsole('/users/7');
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(await screen.findByRole('button', { name: /封\s*禁/ }));
    const dialog = await screen.findByRole('dialog');
    await clicks.type(within(dialog).getByRole('spinbutton'), '7');
    await clicks.type(within(dialog).getByRole('textbox'), '多次发布广告');
    await clicks.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await bodySentTo(sent, '/api/console/users/ban')).toEqual({ reason: '多次发布广告', days: 7, userId: 7 });
  });
  it('resets a password only when it is 6–21 characters and a reason is given', async () => {
    const sent = serveApi({ ...routes, 'POST /api/console/users/reset-password': () => envelope({ id: 7 }) });
    await renderConsole('/users/7');
    expect(await screen.findByText('小明 #7')).toBeInTheDocument();
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(screen.getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    const password = dialog.querySelector('input[type="password"]')!;
    await clicks.type(password, 'abc');
    await clicks.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('密码为 6–21 个字符')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写原因（用户会看到）')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/users/reset-password')).toBe(false);

    await clicks.type(password, 'def123');
    await clicks.type(within(dialog).getByRole('textbox'), '  用户申诉找回账号 ');
    await clicks.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await bodySentTo(sent, '/api/console/users/reset-password')).toEqual({
      password: 'abcdef123',
      reason: '用户申诉找回账号',
      userId: 7,
    });
  });
  it('grants VIP days and points, each with its kind, amount and reason', async () => {
    const sent = serveApi({ ...routes, 'POST /api/console/users/grant': () => envelope(user) });
    await renderConsole('/users/7');
    expect(await screen.findByText('小明 #7')).toBeInTheDocument();
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    const granted = () => sent.filter((r) => r.path === '/api/console/users/grant');
    const grant = async (kind: string, amount: string, reason: string) => {
      const before = granted().length;
      await clicks.click(screen.getByRole('button', { name: '发放 / 扣除' }));
      const dialog = await screen.findByRole('dialog');
      await clicks.click(within(dialog).getByRole('combobox'));
      await clicks.click(await screen.findByTitle(kind));
      await clicks.type(within(dialog).getByRole('spinbutton'), amount);
      await clicks.type(within(dialog).getByRole('textbox'), reason);
      await clicks.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(granted()).toHaveLength(before + 1));
      // The dialog closes and clears its form once the grant is done.
      await waitFor(() => expect(within(dialog).getByRole('spinbutton')).toHaveValue(''));
    };
    await grant('会员天数', '30', '活动奖励');
    await grant('积分', '500', '客服补偿');
    expect(granted().map((r) => r.body)).toEqual([
      { kind: 'vip_days', amount: 30, reason: '活动奖励', userId: 7 },
      { kind: 'points', amount: 500, reason: '客服补偿', userId: 7 },
    ]);
  });
});
