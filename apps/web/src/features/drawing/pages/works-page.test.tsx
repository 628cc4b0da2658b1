import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrawTask } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const task: DrawTask = {
  id: 9,
  jobId: 90,
  status: 'succeeded',
  progress: 100,
  stage: 'done',
  prompt: '夕阳下的城市',
  negativePrompt: null,
  style: 'watercolor',
  ratio: '1:1',
  count: 1,
  images: [{ url: '/uploads/a.png', thumbUrl: '/uploads/a.png', width: 512, height: 512 }],
  engine: 'offline',
  offline: true,
  cost: 30,
  error: null,
  errorMessage: null,
  title: null,
  published: true,
  likes: 0,
  liked: false,
  author: { id: 7, nickName: '小明', avatar: '/static/logo.png' },
  mine: true,
  createTime: '2026-11-24T08:00:00Z',
} as DrawTask;

const answer = (body: { scope: string }) =>
  envelope({ items: [task], total: 1, page: 1, pageSize: 50, nextCursor: null, scope: body.scope });

describe('drawing lists (issue 27 point 14)', () => {
  it('my works: 已发布 and 删除 sit in the work card, with the picture', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => answer(JSON.parse(String(init?.body ?? '{}')))),
    );
    await renderApp('/draw/me/profile');
    const item = await screen.findByTestId('works-item-9');
    expect(item).toHaveClass('draw-work');
    expect(item).toContainElement(screen.getByTestId('draw-card-9'));
    expect(item).toContainElement(screen.getByTestId('works-state-9'));
    expect(screen.getByTestId('works-state-9')).toHaveTextContent('已发布');
    expect(item).toContainElement(screen.getByTestId('works-delete-9'));
  });

  it('the hall says 没有更多了 centred, as the other lists do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => answer(JSON.parse(String(init?.body ?? '{}')))),
    );
    await renderApp('/draw/home/hall');
    const end = await screen.findByTestId('hall-end');
    expect(end).toHaveTextContent('没有更多了');
    expect(end).toHaveClass('draw-end');
  });
});
