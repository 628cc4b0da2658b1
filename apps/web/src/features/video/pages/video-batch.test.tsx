import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoTask } from '@app/contract';
import { resetDictionaries } from '../../../shared/lib/dictionary';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { videoOptions, voiceOptions } from '../../../test/fixtures';

const template = videoOptions().templates[0]!;
const options = videoOptions({
  templates: [
    template,
    { ...template, value: 'wide', label: '横屏', width: 1920, height: 1080 },
    { ...template, value: 'square', label: '方形', width: 1080, height: 1080 },
    { ...template, value: 'news', label: '新闻' },
  ],
});

const voices = voiceOptions();

const works = [1, 2, 3, 4, 5, 6].map((id) => ({
  id,
  title: `作品${id}`,
  summary: '',
  categoryId: 1,
  images: [],
}));

const task = (id: number, waiting: boolean): VideoTask => ({
  id,
  status: 'queued',
  progress: 0,
  stage: null,
  title: `作品${id}`,
  templateId: 'talk-vertical',
  templateLabel: '竖屏口播',
  voice: 'f3',
  speed: 100,
  imageSource: 'template',
  subtitleAnchor: 8,
  videoUrl: null,
  coverUrl: null,
  duration: null,
  width: 1080,
  height: 1920,
  estimate: { words: 5, seconds: 1, gold: 100 },
  cost: 100,
  expireAt: new Date(Date.now() + 86_400_000).toISOString(),
  expired: false,
  engine: null,
  offline: false,
  error: null,
  createTime: '2026-11-27T08:00:00Z',
  storyboard: false,
  batchId: 1,
  waiting,
});

beforeEach(() => resetDictionaries());
afterEach(() => vi.unstubAllGlobals());

/** A fetch stub of the video form's server: records the batch and batch-estimate bodies it is sent. */
const stubServer = (mine = works) => {
  const sent: { batch: unknown[]; estimates: unknown[] } = { batch: [], estimates: [] };
  let made: VideoTask[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path.includes('/api/articleToVideo/videoTemplate')) return envelope(options);
      if (path.includes('/api/textToSpeech/voices')) return envelope(voices);
      if (path.includes('/api/sysArticle/page')) {
        const drafts = (JSON.parse(String(init?.body)) as { drafts?: boolean }).drafts;
        return envelope({ items: drafts ? [] : mine, total: mine.length, page: 1, pageSize: 50 });
      }
      if (path.includes('/api/articleToVideo/batchEstimate')) {
        const body = JSON.parse(String(init?.body)) as { articleIds?: number[]; templateIds?: string[] };
        sent.estimates.push(body);
        const n = body.articleIds?.length ?? body.templateIds?.length ?? 0;
        return envelope({ items: [], total: { words: 5 * n, seconds: n, gold: 100 * n } });
      }
      if (path.includes('/api/articleToVideo/batch')) {
        sent.batch.push(JSON.parse(String(init?.body)));
        made = [1, 2, 3].map((id) => task(id, id === 3));
        return envelope(made);
      }
      if (path.includes('/api/articleToVideo/page'))
        return envelope({ items: [...made].reverse(), total: made.length, page: 1, pageSize: 50 });
      if (path.includes('/api/articleToVideo/estimate')) return envelope({ words: 0, seconds: 0, gold: 0 });
      return envelope(null);
    }),
  );
  return sent;
};

describe('批量生成 on the video form', () => {
  it('a new user without works is told what a batch needs and offered the single video', async () => {
    logIn();
    stubServer([]);
    await renderApp('/media/video/index');
    fireEvent.click(await screen.findByTestId('mode-batch'));
    const empty = await screen.findByTestId('batch-no-works');
    expect(empty.textContent).toContain('批量生成把你在广场发布的作品');
    expect(screen.getByTestId('batch-go-post').getAttribute('href')).toBe('/pages/detail/post');
    fireEvent.click(screen.getByTestId('batch-go-single'));
    expect(screen.getByTestId('video-text').closest('section')!.hidden).toBe(false);
    expect(screen.queryByTestId('batch-picker')).toBeNull();
  });

  it('picks up to 5 of my works, shows the total estimate, submits them with the shared options, and lists the waiting one as 排队等待', async () => {
    logIn();
    const sent = stubServer();
    await renderApp('/media/video/index');
    fireEvent.click(await screen.findByTestId('mode-batch'));
    // The single video's source and submit give way to the batch's.
    expect(screen.getByTestId('video-create').closest('section')!.hidden).toBe(true);
    expect(screen.getByTestId('video-text').closest('section')!.hidden).toBe(true);
    expect(screen.getByTestId('batch-estimate').textContent).toBe('选好作品后显示总时长和金币');
    for (const id of [1, 2, 3]) fireEvent.click(await screen.findByTestId(`batch-work-${id}`));
    expect(screen.getByTestId('batch-count').textContent).toBe('选择作品（已选 3/5）');
    expect(await screen.findByText('共 3 个视频，预计时长 3 秒，消耗 300 金币（15 字）')).toBeTruthy();
    expect(sent.estimates.at(-1)).toEqual({
      articleIds: [1, 2, 3],
      templateId: 'talk-vertical',
      speed: 100,
      intro: false,
      outro: false,
    });
    // No more than five: the sixth work cannot be picked once five are.
    for (const id of [4, 5]) fireEvent.click(screen.getByTestId(`batch-work-${id}`));
    expect((screen.getByTestId('batch-work-6') as HTMLButtonElement).disabled).toBe(true);
    for (const id of [4, 5]) fireEvent.click(screen.getByTestId(`batch-work-${id}`));

    fireEvent.click(screen.getByTestId('subtitle-style-karaoke'));
    fireEvent.click(screen.getByTestId('batch-create'));
    await vi.waitFor(() =>
      expect(sent.batch).toEqual([
        expect.objectContaining({
          articleIds: [1, 2, 3],
          templateId: 'talk-vertical',
          voice: 'f3',
          speed: 100,
          subtitleStyle: 'karaoke',
        }),
      ]),
    );
    expect((await screen.findByTestId('video-waiting-3')).textContent).toBe('排队等待');
    expect(screen.queryByTestId('video-waiting-1')).toBeNull();
    expect(screen.getByTestId('video-stages-1')).toBeTruthy();
  });

  it('makes one work with up to 3 templates picked as chips', async () => {
    logIn();
    const sent = stubServer();
    await renderApp('/media/video/index');
    fireEvent.click(await screen.findByTestId('mode-batch'));
    fireEvent.click(screen.getByTestId('batch-kind-templates'));
    expect(screen.getByTestId('batch-kind-templates')).toHaveClass('video-chip');
    expect(screen.getByTestId('batch-kind-templates')).toHaveAttribute('aria-pressed', 'true');
    // The template gallery gives way to the chips.
    expect(screen.getByTestId('template-talk-vertical').closest('section')!.hidden).toBe(true);
    fireEvent.click(screen.getByTestId('batch-create'));
    expect(sent.batch).toEqual([]);
    fireEvent.change(await screen.findByTestId('batch-article-select'), { target: { value: '2' } });
    for (const value of ['talk-vertical', 'wide', 'square'])
      fireEvent.click(screen.getByTestId(`batch-template-${value}`));
    expect((screen.getByTestId('batch-template-news') as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('共 3 个视频，预计时长 3 秒，消耗 300 金币（15 字）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('batch-create'));
    await vi.waitFor(() =>
      expect(sent.batch).toEqual([
        expect.objectContaining({ articleId: 2, templateIds: ['talk-vertical', 'wide', 'square'] }),
      ]),
    );
  });
});
