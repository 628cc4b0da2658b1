import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, bodySentTo } from '../../test/render-console';

const base = { 'GET /api/console/me': () => envelope(operator), 'GET /api/console/queues': () => envelope([]) };

beforeEach(() => logInOperator());

describe('configuration forms', () => {
  it('imports a sensitive-word list with its category and shows what was added, skipped and refused', async () => {
    const sent = serveApi({
      ...base,
      'POST /api/console/sensitive-words/page': () => envelope({ items: [], total: 0, page: 1, pageSize: 20 }),
      'POST /api/console/sensitive-words/import': () => envelope({ added: 2, skipped: 1, invalid: ['x'] }),
    });
    await renderConsole('/config/sensitiveWords');
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(await screen.findByRole('button', { name: '导入词表' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing to import yet: the dialog cannot be confirmed.
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeDisabled();
    await clicks.click(within(dialog).getByRole('combobox'));
    await clicks.click(await screen.findByText('诈骗'));
    await clicks.type(within(dialog).getByRole('textbox'), '刷单返利\n# 注释\n代开发票\nx');
    await clicks.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await bodySentTo(sent, '/api/console/sensitive-words/import')).toEqual({
      text: '刷单返利\n# 注释\n代开发票\nx',
      category: 'fraud',
    });
    expect(await within(dialog).findByText('新增 2 个，跳过 1 个，无效 1 个')).toBeInTheDocument();
  });

  it('edits one app_config value as JSON, refusing text that is not JSON', async () => {
    const sent = serveApi({
      ...base,
      'GET /api/console/app-config': () => envelope({ values: { freeQuestionsPerDay: 5, idCardEnable: false }, version: 3 }),
      'POST /api/console/app-config': (body) => envelope({ values: (body as { values: unknown }).values, version: 4 }),
    });
    await renderConsole('/config/appConfig');
    const row = (await screen.findByText('freeQuestionsPerDay')).closest('tr')!;
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const text = within(row).getByRole('textbox');
    await clicks.clear(text);
    await clicks.type(text, 'ten');
    await clicks.click(within(row).getByRole('button', { name: /保\s*存/ }));
    expect(await within(row).findByText('不是有效的 JSON')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST' && r.path === '/api/console/app-config')).toBe(false);
    await clicks.clear(text);
    await clicks.type(text, '10');
    await clicks.click(within(row).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/console/app-config')).toBe(true));
    expect(sent.find((r) => r.method === 'POST' && r.path === '/api/console/app-config')?.body).toEqual({
      values: { freeQuestionsPerDay: 10 },
    });
  });

  it('labels each key, the new-user gift among them, and edits it like any other', async () => {
    const gift = { gold: 4000, points: 100, vipDays: 0 };
    const sent = serveApi({
      ...base,
      'GET /api/console/app-config': () => envelope({ values: { welcomeGift: gift }, version: 3 }),
      'POST /api/console/app-config': (body) => envelope({ values: (body as { values: unknown }).values, version: 4 }),
    });
    await renderConsole('/config/appConfig');
    const row = (await screen.findByText('welcomeGift')).closest('tr')!;
    expect(row).toHaveTextContent('新人礼包');
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    await clicks.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const text = within(row).getByRole('textbox');
    await clicks.clear(text);
    await clicks.type(text, '{{"gold":6000,"points":100,"vipDays":3}');
    await clicks.click(within(row).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/console/app-config')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ values: { welcomeGift: { gold: 6000, points: 100, vipDays: 3 } } });
  });
});
