import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('detail pages opened without an id', () => {
  it.each([
    ['/pages/detail/article', '作品'],
    ['/pages/detail/forward', '作品'],
    ['/pages/detail/banner', '海报'],
    ['/pages/detail/copy', '文案'],
    ['/pages/index/temps/detail', '模板'],
    ['/pages/index/vip/detail', '套餐'],
    ['/pages/index/vip/consumptionRecordDetails', '账单'],
  ])('%s says the %s is missing, not "加载失败，请重试"', async (path, what) => {
    logIn();
    const fetchMock = vi.fn(async () => envelope(null));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp(path);
    const missing = await screen.findByTestId('missing-id');
    expect(missing).toHaveTextContent(`链接不完整：缺少${what}编号`);
    expect(missing).toHaveTextContent('请返回列表，重新打开要查看的内容');
    expect(missing).not.toHaveTextContent('加载失败');
    expect(missing.querySelector('a')).not.toBeNull();
  });
});
