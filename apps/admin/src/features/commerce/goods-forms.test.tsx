import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, bodySentTo } from '../../test/render-console';

const base = { 'GET /api/console/me': () => envelope(operator), 'GET /api/console/queues': () => envelope([]) };
const paged = (items: unknown[]) => envelope({ items, total: items.length, page: 1, pageSize: 20 });
const save = /保\s*存/;

/** The form item of a field, found by its label. */
const field = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

beforeEach(() => logInOperator());

describe('package and prize forms', () => {
  it('edits a package: a cleared name is refused before sending, the changed price is sent with its id', async () => {
    const pkg = {
      id: 3,
      name: '月卡会员',
      packageType: 'vip',
      description: '30 天会员',
      priceFen: 1990,
      originalPriceFen: null,
      gold: 0,
      vipDays: 30,
      vipLevel: 1,
      tags: ['热销'],
      status: 1,
      obtainMethod: 1,
      orderNo: 1,
      os: 'all',
      soldCount: 4,
    };
    const sent = serveApi({
      ...base,
      'POST /api/console/packages/page': () => paged([pkg]),
      'POST /api/console/packages/update': (body) => envelope({ ...pkg, ...(body as object) }),
    });
    await renderConsole('/commerce/packages');
    const row = (await screen.findByText('月卡会员')).closest('tr')!;
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(field(dialog, '名称')).getByRole('textbox');
    await waitFor(() => expect(name).toHaveValue('月卡会员'));
    await clicks.clear(name);
    await clicks.click(within(dialog).getByRole('button', { name: save }));
    expect(await within(field(dialog, '名称')).findByText('必填')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/packages/update')).toBe(false);

    await clicks.type(name, '  月卡会员（限时） ');
    const price = within(field(dialog, '价格（分）')).getByRole('spinbutton');
    await clicks.clear(price);
    await clicks.type(price, '1490');
    await clicks.click(within(dialog).getByRole('button', { name: save }));
    expect(await bodySentTo(sent, '/api/console/packages/update')).toEqual({
      id: 3,
      name: '月卡会员（限时）',
      packageType: 'vip',
      description: '30 天会员',
      priceFen: 1490,
      gold: 0,
      vipDays: 30,
      vipLevel: 1,
      tags: ['热销'],
      orderNo: 1,
      os: 'all',
      status: 1,
    });
  });

  it('edits a prize: its weight, and an emptied stock sent as unlimited (null)', async () => {
    const prize = { id: 5, slot: 2, name: '100 金币', image: '/static/activity/gold.svg', kind: 'gold', amount: 100, weight: 10, stock: 20, awarded: 3, status: 1 };
    const sent = serveApi({
      ...base,
      'GET /api/console/prizes': () => envelope([prize]),
      'POST /api/console/prizes/update': (body) => envelope({ ...prize, ...(body as object) }),
    });
    await renderConsole('/commerce/prizes');
    const row = (await screen.findByText('100 金币')).closest('tr')!;
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const weight = within(field(dialog, '权重（概率）')).getByRole('spinbutton');
    await waitFor(() => expect(weight).toHaveValue('10'));
    await clicks.clear(weight);
    await clicks.type(weight, '25');
    await clicks.clear(within(field(dialog, '库存')).getByRole('spinbutton'));
    await clicks.click(within(dialog).getByRole('button', { name: save }));
    expect(await bodySentTo(sent, '/api/console/prizes/update')).toEqual({
      id: 5,
      slot: 2,
      name: '100 金币',
      image: '/static/activity/gold.svg',
      kind: 'gold',
      amount: 100,
      weight: 25,
      stock: null,
      status: 1,
    });
  });
});
