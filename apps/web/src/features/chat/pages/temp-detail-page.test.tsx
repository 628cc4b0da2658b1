import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const template = {
  id: 5,
  categoryId: 1,
  title: '小红书种草文案',
  description: '写一篇种草笔记',
  icon: null,
  useCount: 12,
  sort: 1,
  categoryName: '营销',
  fields: [],
  example: '**标题：** 秋天的第一杯桂花拿铁\n\n**正文：** 香气扑鼻',
};

describe('template detail (issue 27 point 14)', () => {
  it('shows its example rendered from markdown, never the raw ** marks', async () => {
    logIn();
    vi.stubGlobal('fetch', vi.fn(async () => envelope(template)));
    await renderApp('/pages/index/temps/detail?id=5');
    const detail = await screen.findByTestId('temps-detail');
    expect(detail).not.toHaveTextContent('**');
    const strong = detail.querySelector('.temps-example strong');
    expect(strong).toHaveTextContent('标题：');
    expect(detail).toHaveTextContent('秋天的第一杯桂花拿铁');
  });

  it('says how many used it, and nothing rather than 0 人使用 for one nobody used yet', async () => {
    logIn();
    vi.stubGlobal('fetch', vi.fn(async () => envelope(template)));
    await renderApp('/pages/index/temps/detail?id=5');
    expect(await screen.findByTestId('temps-uses')).toHaveTextContent('12 人使用');
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => envelope({ ...template, id: 6, useCount: 0 })));
    await renderApp('/pages/index/temps/detail?id=6');
    const detail = await screen.findByTestId('temps-detail');
    expect(detail).toHaveTextContent('营销');
    expect(screen.queryByTestId('temps-uses')).toBeNull();
    expect(detail).not.toHaveTextContent('人使用');
  });
});
