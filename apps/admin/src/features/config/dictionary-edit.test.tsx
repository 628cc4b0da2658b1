import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, bodySentTo } from '../../test/render-console';

const item = {
  id: 21,
  name: 'package_type',
  label: '月卡',
  value: 'month',
  data: { days: 30 },
  sort: 1,
  status: 1,
  remark: '旧备注',
  updateTime: '2026-11-24T08:00:00.000Z',
};

beforeEach(() => logInOperator());

describe('dictionary item edit', () => {
  it('changes an item: broken JSON refused before sending, a cleared remark sent as null, the item hidden', async () => {
    const sent = serveApi({
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/queues': () => envelope([]),
      'POST /api/console/dict/page': () => envelope({ items: [item], total: 1, page: 1, pageSize: 20 }),
      'POST /api/console/dict/update': () => envelope({ id: 21, name: 'package_type', version: 6 }),
    });
    await renderConsole('/config/dictionary');
    const row = (await screen.findByText('月卡')).closest('tr')!;
    await waitFor(() => expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull());
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const [label, , data, remark] = within(dialog).getAllByRole('textbox');
    await waitFor(() => expect(label).toHaveValue('月卡'));
    await clicks.clear(label!);
    await clicks.type(label!, '包月会员');
    await clicks.clear(data!);
    await clicks.type(data!, '{{"days": 31,}');
    await clicks.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('不是有效的 JSON')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/dict/update')).toBe(false);

    await clicks.clear(data!);
    await clicks.type(data!, '{{"days": 31}');
    await clicks.clear(remark!);
    await clicks.click(within(dialog).getByRole('switch'));
    await clicks.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await bodySentTo(sent, '/api/console/dict/update')).toEqual({
      id: 21,
      label: '包月会员',
      value: 'month',
      data: { days: 31 },
      sort: 1,
      remark: null,
      status: 0,
    });
  });
});
