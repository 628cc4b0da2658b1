import { act, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@app/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLanguage } from '../shared/i18n';
import { call } from '../shared/lib/api/client';
import { useAppStore } from '../shared/lib/app-store';
import { envelope } from '../test/render-app';
import { createQueryClient, Providers } from './providers';

/** A screen showing a server-provided name, as the package list does. */
function PackageName() {
  const { data } = useQuery({
    queryKey: ['packages'],
    queryFn: () => call(endpoints.goldPackageList, { query: {} }),
  });
  return <span data-testid="name">{data?.[0]?.name ?? ''}</span>;
}

describe('language switch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAppStore.getState().setLanguage('zh-Hans');
  });

  it('sends the current language and fetches what is on screen again when the user switches', async () => {
    await initI18n('zh-Hans');
    const names: Record<string, string> = { 'zh-Hans': '月卡会员', en: 'Monthly membership' };
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      const language = (init.headers as Record<string, string>)['Accept-Language']!;
      return Promise.resolve(envelope([{ id: 1, name: names[language] ?? '?' }]));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <Providers queryClient={createQueryClient()}>
        <PackageName />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('月卡会员'));
    act(() => useAppStore.getState().setLanguage('en'));
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Monthly membership'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The English messages the switch started loading, before the test ends.
    await loadLanguage('en');
  });
});
