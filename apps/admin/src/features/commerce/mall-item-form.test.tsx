import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi } from '../../test/render-console';

const base = { 'GET /api/console/me': () => envelope(operator), 'GET /api/console/queues': () => envelope([]) };
const paged = (items: unknown[]) => envelope({ items, total: items.length, page: 1, pageSize: 20 });
const save = /保\s*存/;

/** The form item of a field, found by its label. */
const field = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

beforeEach(() => logInOperator());

// In its own file: run after the package and prize dialogs in one file, its dialog was not found (alone it is).
describe('mall item form', () => {
  it('adds a mall item only with its name, image, kind, points and stock', async () => {
    const sent = serveApi({
      ...base,
      'POST /api/console/mall/items/page': () => paged([]),
      'POST /api/console/mall/items/add': (body) => envelope({ id: 12, exchanged: 0, ...(body as object) }),
    });
    await renderConsole('/commerce/mall');
    const clicks = userEvent.setup({ pointerEventsCheck: 0 });
    const add = await screen.findByRole('button', { name: /新\s*增/ });
    // A click while the table still loads can be lost on a busy machine.
    await waitFor(() => expect(sent.some((r) => r.path === '/api/console/mall/items/page')).toBe(true));
    await waitFor(() => expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull());
    await clicks.click(add);
    const dialog = await screen.findByRole('dialog');
    await clicks.click(within(dialog).getByRole('button', { name: save }));
    await waitFor(() => expect(within(dialog).getAllByText('必填')).toHaveLength(5));
    expect(sent.some((r) => r.path === '/api/console/mall/items/add')).toBe(false);

    await clicks.type(within(field(dialog, '名称')).getByRole('textbox'), '定制帆布袋');
    await clicks.type(within(field(dialog, '图片')).getByRole('textbox'), '/static/images/share.svg');
    await clicks.click(within(field(dialog, '类型')).getByRole('combobox'));
    await clicks.click(await screen.findByTitle('实物'));
    await clicks.type(within(field(dialog, '积分')).getByRole('spinbutton'), '1200');
    await clicks.type(within(field(dialog, '库存')).getByRole('spinbutton'), '30');
    await clicks.click(within(dialog).getByRole('button', { name: save }));
    await waitFor(() => expect(sent.some((r) => r.path === '/api/console/mall/items/add')).toBe(true));
    expect(sent.find((r) => r.path === '/api/console/mall/items/add')?.body).toEqual({
      name: '定制帆布袋',
      image: '/static/images/share.svg',
      kind: 'physical',
      points: 1200,
      stock: 30,
      status: 1,
    });
  });
});
