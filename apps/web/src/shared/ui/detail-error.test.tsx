import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detailPages = [
  ['/pages/detail/banner?id=5'],
  ['/pages/detail/copy?messageId=5'],
  ['/pages/index/temps/detail?id=5'],
  ['/pages/index/vip/detail?id=5'],
  ['/pages/index/vip/consumptionRecordDetails?id=5'],
] as const;

/** Spec §8's framework text "data not found" where it applies: a detail page whose record is gone. */
describe('detail pages whose record is gone', () => {
  it.each(detailPages)('%s says the data is not found, with a way back', async (path) => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, { code: 404, message: '记录不存在', error: 'not_found' })),
    );
    await renderApp(path);
    const gone = await screen.findByTestId('data-not-found');
    expect(gone).toHaveTextContent('数据不存在');
    expect(gone.querySelector('a')).not.toBeNull();
    expect(screen.queryByTestId('detail-error')).toBeNull();
  });

  it('a template the server could not be reached for offers to load it again instead', async () => {
    logIn();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await renderApp('/pages/index/temps/detail?id=5');
    const failed = await screen.findByTestId('detail-error', {}, { timeout: 4000 });
    expect(failed).toHaveTextContent('页面加载失败');
    expect(screen.queryByTestId('data-not-found')).toBeNull();
  });
});
