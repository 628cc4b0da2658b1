import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrawRoleImage } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { drawOptions } from '../../../test/fixtures';
import { stubUploadXhr } from '../../../test/upload-xhr';

afterEach(() => vi.unstubAllGlobals());

const role = (id: number): DrawRoleImage => ({ id, url: `/uploads/role-${id}.png`, width: 64, height: 64 });
const picked = (...names: string[]) => ({ target: { files: names.map((name) => new File(['x'], name, { type: 'image/png' })) } });

describe('AI drawing page: role images', () => {
  it('selects the images of every upload, also of a first batch still going up when a second is picked', async () => {
    logIn();
    const stored: DrawRoleImage[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/options')) return envelope(drawOptions({ roleImages: true }));
        if (path.includes('/api/aiDrawProject/roleImages')) return envelope(stored);
        if (path.includes('/api/aiDraw/page')) return envelope({ items: [], total: 0, page: 1, pageSize: 50 });
        return envelope(null);
      }),
    );
    stubUploadXhr(({ body }) => {
      const added = body.getAll('file').map(() => role(stored.length + 1)).map((r, i) => ({ ...r, id: r.id + i }));
      stored.push(...added);
      return added;
    });
    await renderApp('/draw/index');
    await screen.findByTestId('draw-cost');

    // Two batches picked one after the other: the second is picked before the first has gone up.
    fireEvent.change(screen.getByTestId('draw-role-file'), picked('a.png'));
    fireEvent.change(screen.getByTestId('draw-role-file'), picked('b.png', 'c.png'));

    for (const id of [1, 2, 3]) {
      const button = await screen.findByRole('button', { name: `角色图 ${id}` });
      await vi.waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    }
  });
});
