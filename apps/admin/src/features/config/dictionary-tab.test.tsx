import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, bodySentTo } from '../../test/render-console';

beforeEach(() => logInOperator());

describe('dictionary items', () => {
  it('adds an item to the chosen dictionary, its data checked as JSON before sending', async () => {
    const sent = serveApi({
      'GET /api/console/me': () => envelope(operator),
      'POST /api/console/dict/page': () => envelope({ items: [], total: 0, page: 1, pageSize: 20 }),
      'POST /api/console/dict/add': () => envelope({ id: 99, name: 'package_type', version: 5 }),
    });
    await renderConsole('/config/dictionary');
    expect(await bodySentTo(sent, '/api/console/dict/page')).toMatchObject({ filters: { name: 'package_type' } });
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    const [label, value, data] = within(dialog).getAllByRole('textbox');
    await clicks.type(label!, '季度会员');
    await clicks.type(value!, 'quarter');
    await clicks.type(data!, '{{"days": 90');
    await clicks.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('不是有效的 JSON')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/dict/add')).toBe(false);
    await clicks.type(data!, '}');
    await clicks.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await bodySentTo(sent, '/api/console/dict/add')).toMatchObject({
      name: 'package_type',
      label: '季度会员',
      value: 'quarter',
      data: { days: 90 },
      status: 1,
      remark: null,
    });
  }, 60_000);
});
