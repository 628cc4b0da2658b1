import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../test/render-app';
import { renderHook } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initI18n } from '../i18n';
import {
  censorText,
  checkTextBeforeSend,
  checkTextLocally,
  createChecker,
  resetTextCheck,
  useLocalTextCheck,
} from './text-check';

/** The very file the server serves at /static/sensitive-stop-words.json. */
const SERVED_STOP_WORDS = readFileSync(join(import.meta.dirname, '../../../../server/static/sensitive-stop-words.json'), 'utf8');

/** The server: the served stop-word file and a sensitive-word list. */
const serve = (words: string[]) =>
  vi.fn(async (url: string) =>
    String(url) === '/static/sensitive-stop-words.json'
      ? new Response(SERVED_STOP_WORDS, { status: 200 })
      : envelope({ version: 'v1', words, allowed: [] }),
  );

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
        ? new Response(JSON.stringify({ version: 'v1', words: [' ', '*'] }), { status: 200 })
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

describe('the stop words the server serves', () => {
  it('are read from the served file, so filler characters between letters are skipped', async () => {
    vi.stubGlobal('fetch', serve(['赌博']));
    // '*' and '。' are fillers only because the served list says so.
    expect(await checkTextLocally('赌*博')).toEqual(['赌博']);
    expect(await checkTextLocally('赌。博')).toEqual(['赌博']);
  });
});

describe('the check before sending a form', () => {
  beforeEach(async () => {
    await initI18n('zh-Hans');
  });

  it('welcomes emoji, names the sensitive words (fillers and emoji ignored) and lets clean text through', async () => {
    vi.stubGlobal('fetch', serve(['赌博', '毒品']));
    expect(await checkTextBeforeSend('今天天气真好😀', '⭐⭐⭐⭐⭐ 推荐👍🏽🇨🇳')).toBeNull();
    expect(await checkTextBeforeSend('一起来赌😀博')).toBe('内容包含敏感词「赌博」，请修改后再提交');
    expect(await checkTextBeforeSend('一起来赌👨‍👩‍👧博')).toBe('内容包含敏感词「赌博」，请修改后再提交');
    expect(await checkTextBeforeSend('标题', '一起来赌*博，还有毒-品')).toBe('内容包含敏感词「赌博、毒品」，请修改后再提交');
    expect(await checkTextBeforeSend('今天天气真好', undefined, '')).toBeNull();
  });
});

describe('form feedback hook', () => {
  it('reports the split word found after typing stops', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('sensitive-stop-words')
          ? new Response(JSON.stringify({ version: 'v1', words: [' '] }), { status: 200 })
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
