import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n';
import { createQueryClient, envelope, logIn, Providers } from '../../../test/render-app';
import { useEditSubtitles } from './edit-subtitles';
import { voiceKeys } from './voice-keys';

/** Which cached voice queries an edit marks stale: the dubbing's own detail, or the list of subtitle tasks. */
const staleAfterEdit = async (kind: 'tts' | 'asr') => {
  await initI18n('zh-Hans');
  logIn();
  vi.stubGlobal('fetch', vi.fn(async () => envelope({ id: 4 })));
  const queryClient = createQueryClient();
  for (const key of [voiceKeys.dubbing(4), voiceKeys.dubbing(5), voiceKeys.dubbings, voiceKeys.subtitles])
    queryClient.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => <Providers queryClient={queryClient}>{children}</Providers>;
  const { result } = renderHook(() => useEditSubtitles(), { wrapper });
  await act(() => result.current.mutateAsync({ id: 4, kind, lines: ['一', '二'] }));
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: ['voice'] })
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);
};

describe('saving edited subtitle lines', () => {
  it("of a dubbing refreshes that dubbing's detail only", async () => {
    expect(await staleAfterEdit('tts')).toEqual([voiceKeys.dubbing(4)]);
  });

  it('of subtitles from audio refreshes the list of subtitle tasks', async () => {
    expect(await staleAfterEdit('asr')).toEqual([voiceKeys.subtitles]);
  });
});
