import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../test/render-app';
import { resetDictionaries } from './dictionary';
import { loadTip, useTip, type TipName } from './tips';

vi.mock('../ui/feedback', () => ({ showToast: vi.fn(), confirmRetry: vi.fn(), showNotice: vi.fn() }));

/** A server whose app_tips holds these tips (one of them switched off by the operator). */
const serveTips = (tips: Record<string, string>, hidden: string[] = []) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      if (path.endsWith('/versions')) return envelope({ app_config: 1, app_tips: 1 });
      const name = /dataList\/(\w+)/.exec(path)?.[1] ?? '';
      const items =
        name === 'app_tips'
          ? Object.entries(tips).map(([value, text], i) => ({ id: i + 1, label: value, value, data: { text }, sort: i, status: hidden.includes(value) ? 0 : 1, remark: null }))
          : [];
      return envelope({ name, version: 1, items });
    }),
  );

beforeEach(() => {
  localStorage.clear();
  resetDictionaries();
});

describe('app_tips', () => {
  it('loadTip answers the tip the operator wrote, else the fallback', async () => {
    serveTips({ guestTip: '游客请先登录（运营配置）', goldTip: '停用的提示' }, ['goldTip']);
    expect(await loadTip('guestTip', 'fallback')).toBe('游客请先登录（运营配置）');
    expect(await loadTip('goldTip', 'fallback')).toBe('fallback');
    expect(await loadTip('videoTip', 'fallback')).toBe('fallback');
  });

  it('the fallback also when the dictionary cannot load', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    expect(await loadTip('questionLimitTip', '次数用完')).toBe('次数用完');
  });

  it('useTip shows the tip once the dictionary is there', async () => {
    serveTips({ videoTip: '视频约 1～3 分钟生成' });
    function Tip({ name }: { name: TipName }) {
      return <p data-testid="tip">{useTip(name) ?? ''}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Tip name="videoTip" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('tip')).toHaveTextContent('视频约 1～3 分钟生成'));
  });
});
