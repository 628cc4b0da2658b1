import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrawTask, DrawWeeklyRanking } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { drawOptions } from '../../../test/fixtures';

const image = {
  url: '/files/private/a.webp?sig=x',
  thumbUrl: '/files/private/t.webp?sig=x',
  width: 1024,
  height: 1024,
};
const options = drawOptions();

const task = (change: Partial<DrawTask>): DrawTask => ({
  id: 9,
  jobId: 90,
  status: 'succeeded',
  progress: 100,
  stage: null,
  prompt: '江南水乡的清晨',
  negativePrompt: null,
  style: 'watercolor',
  ratio: '3:4',
  count: 1,
  seed: 4242,
  images: [image],
  versions: [],
  remixOf: null,
  remixes: 0,
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
  ...change,
});

const version = (change: Partial<DrawTask['versions'][number]>): DrawTask['versions'][number] => ({
  id: 3,
  jobId: 91,
  imageIndex: 0,
  scale: 2,
  status: 'running',
  progress: 40,
  engine: 'esrgan-slim',
  offline: true,
  image: null,
  cost: 10,
  error: null,
  errorMessage: null,
  createTime: '2026-11-24T08:01:00Z',
  ...change,
});

afterEach(() => vi.unstubAllGlobals());

describe('drawing detail: 高清放大, 一键同款', () => {
  it('upscales my picture ×2, shows its progress, then the doubled size', async () => {
    logIn();
    const sent: unknown[] = [];
    let current = task({});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/upscale')) {
          sent.push(JSON.parse(String(init?.body)));
          current = task({ versions: [version({})] });
          return envelope(current);
        }
        if (path.includes('/api/aiDraw/detail')) return envelope(current);
        if (path.includes('/api/aiDraw/options')) return envelope(options);
        return envelope(null);
      }),
    );
    await renderApp('/draw/home/detail?id=9');
    // The price is shown before the tap.
    expect((await screen.findByTestId('draw-upscale-cost')).textContent).toBe(
      '高清放大每次消耗 10 金币，失败全额退回',
    );
    fireEvent.click(await screen.findByTestId('draw-upscale-2'));
    await vi.waitFor(() => expect(sent).toEqual([{ id: 9, imageIndex: 0, scale: 2 }]));
    expect((await screen.findByTestId('draw-version-3')).textContent).toContain('×2 放大中 40%');
    current = task({
      versions: [
        version({ status: 'succeeded', progress: 100, image: { ...image, width: 2048, height: 2048 } }),
      ],
    });
    await vi.waitFor(
      () => expect(screen.getByTestId('draw-version-size').textContent).toBe('×2 · 2048×2048'),
      { timeout: 4000 },
    );
  });

  it('an uploaded picture of mine offers 高清放大 only: no redraw, no publishing', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/detail'))
          return envelope(task({ engine: 'upload', prompt: '', seed: 0, cost: 0 }));
        if (path.includes('/api/aiDraw/options')) return envelope(options);
        return envelope(null);
      }),
    );
    await renderApp('/draw/home/detail?id=9');
    expect((await screen.findByTestId('draw-prompt-text')).textContent).toBe('我上传的图片');
    expect(await screen.findByTestId('draw-upscale-4')).toBeTruthy();
    for (const id of ['draw-same', 'draw-variation', 'draw-reroll', 'draw-publish', 'draw-offline'])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('一键同款 on a published work opens the form with its prompt, style, ratio and seed, and sends the remix', async () => {
    logIn();
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/detail'))
          return envelope(task({ mine: false, published: true, title: '水乡', remixes: 2 }));
        if (path.includes('/api/aiDraw/options')) return envelope(options);
        if (path.includes('/api/aiDrawProject/roleImages')) return envelope([]);
        if (path.includes('/api/aiDraw/imagine')) {
          sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return envelope(task({ id: 10, status: 'queued', images: [] }));
        }
        if (path.includes('/api/aiDraw/page'))
          return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
        return envelope(null);
      }),
    );
    await renderApp('/draw/home/detail?id=9');
    expect((await screen.findByTestId('draw-remix-count')).textContent).toBe('2 人画了同款');
    expect(screen.queryByTestId('draw-upscale-2')).toBeNull();
    fireEvent.click(screen.getByTestId('draw-same'));
    expect(((await screen.findByTestId('draw-prompt')) as HTMLTextAreaElement).value).toBe('江南水乡的清晨');
    expect(screen.getByTestId('draw-seed').textContent).toContain('种子 4242（沿用原作，画同款）');
    expect(screen.getByTestId('draw-style-watercolor').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('draw-submit'));
    await vi.waitFor(() =>
      expect(sent[0]).toMatchObject({
        prompt: '江南水乡的清晨',
        style: 'watercolor',
        ratio: '3:4',
        seed: 4242,
        remixOf: 9,
      }),
    );
  });

  it('the hall ranks this week’s most liked works', async () => {
    const ranking: DrawWeeklyRanking = {
      week: '2026-W48',
      items: [{ ...task({ id: 5, published: true, title: '猫', likes: 3 }), weekLikes: 3 }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/weeklyRanking')) return envelope(ranking);
        if (path.includes('/api/aiDraw/page'))
          return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
        return envelope(null);
      }),
    );
    await renderApp('/draw/home/hall');
    fireEvent.click(await screen.findByTestId('hall-sort-weekly'));
    const first = await screen.findByTestId('hall-rank-1');
    expect(first.textContent).toContain('第 1 名');
    expect(first.textContent).toContain('本周 3 赞');
    expect(first.getAttribute('data-task-id')).toBe('5');
  });
});
