import type { VoiceOptions } from '@app/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const options: VoiceOptions = {
  goldPerWord: 20,
  goldPerSubtitleMinute: 0,
  transcribes: false,
  voices: [
    { value: 'f3', label: '小雅', engine: 'espeak-ng', lang: 'zh-CN', gender: 'female', vipOnly: false, description: '', maxChars: 1000, available: true, offline: true },
  ],
};

describe('dubbing a generated copy', () => {
  it('opened with ?messageId= reads the copy text by id', async () => {
    logIn();
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path.includes('/api/textToSpeech/voices')) return envelope(options);
        if (path.startsWith('/api/sysMessage/detail')) {
          asked.push(path);
          return envelope({ id: 5, content: '咖啡馆今天开业，欢迎来坐坐。' });
        }
        return envelope(null);
      }),
    );
    await renderApp('/media/dub/index?messageId=5');
    await vi.waitFor(() => expect((screen.getByTestId('dub-text') as HTMLTextAreaElement).value).toBe('咖啡馆今天开业，欢迎来坐坐。'));
    expect(asked).toEqual(['/api/sysMessage/detail?messageId=5']);
  });
});
