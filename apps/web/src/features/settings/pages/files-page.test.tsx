import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;

describe('下载管理: upload space and today’s volume', () => {
  it('shows what the uploads take against the limits, and that VIPs get more', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        if (url.startsWith('/api/sysCommonInfo/uploadUsage'))
          return envelope({ usedBytes: 1536 * MB, quotaBytes: 5120 * MB, todayBytes: 300 * MB, dailyBytes: 2048 * MB, vip: false });
        if (url.startsWith('/api/sysHistory')) return envelope({ items: [], total: 0, page: 1, pageSize: 100 });
        return envelope(null);
      }),
    );
    await renderApp('/set/files');
    const usage = await screen.findByTestId('upload-usage');
    expect(within(usage).getByTestId('upload-usage-space').textContent).toBe('上传空间 1.5 GB / 5 GB');
    expect(within(usage).getByTestId('upload-usage-today').textContent).toBe('今日上传 300 MB / 2 GB');
    expect(usage.textContent).toContain('开通会员可获得更大的空间和每日上传量');
    const bar = within(usage).getByTestId('upload-usage-space').querySelector('.files-usage__bar > span') as HTMLElement;
    expect(bar.style.width).toBe('30%');
  });
});
