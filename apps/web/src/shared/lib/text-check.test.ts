import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../test/render-app';
import { renderHook } from '@testing-library/react';
import { censorText, checkTextLocally, createChecker, hasEmoji, resetTextCheck, stripEmoji, useLocalTextCheck } from './text-check';

vi.mock('../ui/feedback', () => ({ showToast: vi.fn(), confirmRetry: vi.fn(), showNotice: vi.fn() }));

const lists = {
  words: ['赌博', '毒品', 'ass', '大麻'],
  allowed: ['大麻烦'],
  stopWords: [' ', '*', '。', '　', '-', '_'],
};

beforeEach(() => resetTextCheck());

describe('local text check', () => {
  const checker = createChecker(lists);

  it('finds words split by fillers (赌 博, 赌*博, 毒。品, zero-width space)', () => {
    expect(checker.find('一起去赌 博吧')).toEqual(['赌博']);
    expect(checker.find('赌*博')).toEqual(['赌博']);
    expect(checker.find('毒。品交易')).toEqual(['毒品']);
    expect(checker.find('赌\u200B博')).toEqual(['赌博']);
    expect(checker.isClean('今天天气很好')).toBe(true);
  });

  it('folds full-width and case (NFKC + lower case)', () => {
    expect(checker.find('ＡＳＳ')).toEqual(['ass']);
    expect(checker.find('ASS hole')).toEqual(['ass']);
  });

  it('does not match an ASCII word inside a longer word, nor inside an allowed phrase, nor across a long gap', () => {
    expect(checker.isClean('first class')).toBe(true);
    expect(checker.isClean('这是个大麻烦')).toBe(true);
    expect(checker.find('大麻')).toEqual(['大麻']);
    expect(checker.isClean('赌      博')).toBe(true);
  });

  it('loads the list and the stop words lazily, once', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('sensitive-stop-words')
        ? new Response(JSON.stringify([' ', '*']), { status: 200 })
        : envelope({ version: 'v1', words: ['赌博'], allowed: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await checkTextLocally('赌 博')).toEqual(['赌博']);
    expect(await checkTextLocally('你好')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks the server for the authoritative answer', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(false));
    vi.stubGlobal('fetch', fetchMock);
    expect(await censorText('赌 博')).toBe(false);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/sysArticle/textCensor');
  });
});

describe('form feedback hook', () => {
  it('reports the split word found after typing stops', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('sensitive-stop-words')
          ? new Response(JSON.stringify([' ']), { status: 200 })
          : envelope({ version: 'v1', words: ['赌博'], allowed: [] }),
      ),
    );
    const { result, rerender } = renderHook(({ text }) => useLocalTextCheck(text, 10), { initialProps: { text: '你好' } });
    expect(result.current).toEqual([]);
    rerender({ text: '来 赌 博' });
    await vi.waitFor(() => expect(result.current).toEqual(['赌博']));
    rerender({ text: '' });
    await vi.waitFor(() => expect(result.current).toEqual([]));
  });
});

describe('emoji', () => {
  it('detects and strips emoji', () => {
    expect(hasEmoji('你好😀')).toBe(true);
    expect(hasEmoji('👍🏽')).toBe(true);
    expect(hasEmoji('🇨🇳')).toBe(true);
    expect(hasEmoji('#1 你好 ©')).toBe(false);
    expect(stripEmoji('好👨‍👩‍👧的')).toBe('好的');
  });
});
