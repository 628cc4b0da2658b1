import { OFFLINE_ANSWER_SIGNATURE } from '@app/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, location, logIn, renderApp } from '../../../test/render-app';
import { MY_ARTICLES_KEY } from '../../../shared/lib/api/article-lists';
import { postFromCopy } from '../lib/copy-to-post';

afterEach(() => {
  vi.unstubAllGlobals();
});

const COPY = ['## 秋日限定桂花拿铁，一口就是整个秋天', '', '**推荐理由：** 桂花香气很足，奶味顺滑。', '', OFFLINE_ANSWER_SIGNATURE].join('\n');

const message = {
  id: 5,
  conversationId: 1,
  robotId: 999,
  role: 'assistant',
  content: COPY,
  status: 'done',
  provider: 'offline',
  model: 'offline-composer',
  usage: null,
  replyTo: 4,
  templateId: 3,
  fields: null,
  error: null,
  edited: false,
  createTime: '2026-11-24T08:00:00Z',
  updateTime: '2026-11-24T08:00:00Z',
  question: '桂花拿铁',
  template: { id: 3, title: '小红书种草文案' },
};

describe('a post from a generated copy', () => {
  it('takes the heading as title and drops the offline signature', () => {
    expect(postFromCopy(COPY)).toEqual({ title: '秋日限定桂花拿铁，一口就是整个秋天', content: '推荐理由： 桂花香气很足，奶味顺滑。' });
    // A paragraph as the first line gives its first sentence.
    expect(postFromCopy('第一句话就是标题。后面还有很多很多很多很多很多很多很多很多很多很多的内容。\n第二行').title).toBe('第一句话就是标题。');
    expect(postFromCopy('**开业啦：**\n欢迎').title).toBe('开业啦');
    expect(postFromCopy('**标题：** 挖到宝了！秋日限定桂花拿铁\n\n正文')).toEqual({ title: '挖到宝了！秋日限定桂花拿铁', content: '正文' });
    // Emoji stay, in the title and the body: a 小红书 copy keeps its ⭐ ratings.
    expect(postFromCopy('☕️ 桂花拿铁上新 ✨\n**口感：** ⭐⭐⭐⭐⭐ 🍂')).toEqual({
      title: '☕️ 桂花拿铁上新 ✨',
      content: '☕️ 桂花拿铁上新 ✨\n口感： ⭐⭐⭐⭐⭐ 🍂',
    });
  });

  it('发布到广场 opens the editor prefilled; publishing refreshes the plaza, mine and the video page lists', async () => {
    logIn();
    const added: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.startsWith('/api/sysMessage/detail')) return envelope(message);
        if (path === '/api/sysArticle/add') {
          added.push(JSON.parse(String(init?.body)));
          return envelope({ id: 77, status: 'published' });
        }
        if (path.startsWith('/api/sysArticle/detail')) return envelope(null, { code: 404, error: 'article_not_found' });
        if (path.includes('sensitive') || path.includes('censor')) return envelope([]);
        return envelope(null);
      }),
    );
    const { queryClient } = await renderApp('/pages/detail/copy?messageId=5');
    queryClient.setQueryData(MY_ARTICLES_KEY, []);
    queryClient.setQueryData(['plaza', 'list', { mine: true }], { pages: [], pageParams: [] });
    await screen.findByTestId('copy-text');
    fireEvent.click(screen.getByTestId('copy-publish'));
    await vi.waitFor(() => expect(location.pathname).toBe('/pages/detail/post'));
    expect(location.search).toBe('?messageId=5');
    expect(added).toEqual([]);

    const title = await screen.findByTestId('post-title');
    await vi.waitFor(() => expect((title as HTMLInputElement).value).toBe('秋日限定桂花拿铁，一口就是整个秋天'));
    const content = (screen.getByTestId('post-content') as HTMLTextAreaElement).value;
    // Published, the answer ends with the AI text label; the work is declared AI生成 and cannot be changed.
    expect(content).toBe('推荐理由： 桂花香气很足，奶味顺滑。\n\n内容由 AI 生成');
    expect(content).not.toContain('离线引擎');
    expect(screen.getByTestId('post-engine').textContent).toBe('由离线引擎生成');
    expect(screen.getByTestId('post-declaration-ai_generated').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('post-declaration-fictional') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('post-publish'));
    await vi.waitFor(() => expect(location.pathname).toBe('/pages/detail/article'));
    expect(added).toEqual([
      expect.objectContaining({ title: '秋日限定桂花拿铁，一口就是整个秋天', content, isDraft: false, declaration: 'ai_generated' }),
    ]);
    expect(queryClient.getQueryState(MY_ARTICLES_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['plaza', 'list', { mine: true }])?.isInvalidated).toBe(true);
  });
});
