import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrawOptions, DrawTask } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { drawOptions } from '../../../test/fixtures';
import { stubUploadXhr } from '../../../test/upload-xhr';

/** The drawing form's "from a picture" option (picture to picture): one of my drawings or an album upload. */

const options = drawOptions({ sourceImage: true, ratios: ['1:1'] });

const done: DrawTask = {
  id: 9,
  jobId: 90,
  status: 'succeeded',
  progress: 100,
  stage: null,
  prompt: '江南水乡',
  negativePrompt: null,
  style: 'watercolor',
  ratio: '1:1',
  count: 1,
  seed: 7,
  versions: [],
  remixOf: null,
  remixes: 0,
  images: [
    { url: '/files/private/a.webp', thumbUrl: '/files/private/a-thumb.webp', width: 1024, height: 1024 },
  ],
  engine: 'offline',
  offline: true,
  cost: 30,
  error: null,
  errorMessage: null,
  title: null,
  published: false,
  likes: 0,
  liked: false,
  author: { id: 1, nickName: '小明', avatar: '/static/logo.png' },
  mine: true,
  createTime: '2026-11-24T08:00:00Z',
};

const stubApi = (engine: DrawOptions) => {
  const sent: Record<string, unknown>[] = [];
  // The album upload answers the stored picture.
  stubUploadXhr(() => [{ id: 5, url: '/files/private/album.png', width: 600, height: 400 }]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path.includes('/api/aiDraw/options')) return envelope(engine);
      if (path.includes('/api/aiDrawProject/roleImages')) return envelope([]);
      if (path.includes('/api/aiDraw/imagine')) {
        sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return envelope({ ...done, id: 10, status: 'queued', images: [] });
      }
      if (path.includes('/api/aiDraw/page'))
        return envelope({ items: [done], total: 1, page: 1, pageSize: 50 });
      return envelope(null);
    }),
  );
  return sent;
};

afterEach(() => vi.unstubAllGlobals());

describe('drawing from a picture', () => {
  it('draws from one of my drawings, then from an album upload, and says what the offline engine does with it', async () => {
    logIn();
    const sent = stubApi(options);
    await renderApp('/draw/index');
    await screen.findByText('预计消耗 30 金币（1 张 × 30）');
    const open = screen.getByTestId('draw-source-open');
    expect(open.textContent).toBe('以图生图');
    fireEvent.click(open);
    expect(screen.getByText('离线引擎会取原图的色彩和布局作为背景')).toBeTruthy();
    const picker = screen.getByTestId('draw-source');
    fireEvent.click(within(picker).getByLabelText('用作品 9 作原图'));
    expect(within(picker).getByLabelText('用作品 9 作原图').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByAltText('已选原图') as HTMLImageElement).getAttribute('src')).toBe(
      '/files/private/a-thumb.webp',
    );

    fireEvent.change(screen.getByTestId('draw-prompt'), { target: { value: '同样的水乡，下雪了' } });
    fireEvent.click(screen.getByTestId('draw-submit'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      prompt: '同样的水乡，下雪了',
      source: { kind: 'drawing', id: 9, index: 0 },
    });

    fireEvent.change(screen.getByTestId('draw-source-file'), {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'album.png', { type: 'image/png' })] },
    });
    await vi.waitFor(() =>
      expect((screen.getByAltText('已选原图') as HTMLImageElement).getAttribute('src')).toBe(
        '/files/private/album.png',
      ),
    );
    fireEvent.click(screen.getByTestId('draw-submit'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ source: { kind: 'upload', id: 5 } });

    // Removed, the next task is drawn from the prompt alone.
    fireEvent.click(screen.getByTestId('draw-source-clear'));
    fireEvent.click(screen.getByTestId('draw-submit'));
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).not.toHaveProperty('source');
  });

  it('offers no picture option on an engine that cannot draw from one', async () => {
    logIn();
    stubApi({ ...options, sourceImage: false });
    await renderApp('/draw/index');
    await screen.findByText('预计消耗 30 金币（1 张 × 30）');
    expect(screen.queryByTestId('draw-source-open')).toBeNull();
    expect(screen.queryByText('以图生图')).toBeNull();
  });
});
