import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrawTask } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { drawOptions } from '../../../test/fixtures';
import { paragraphsOf } from './article-page';

const options = drawOptions({ maxPromptChars: 20, styles: ['none', 'watercolor', 'ink'] });

const task = (change: Partial<DrawTask>): DrawTask => ({
  id: 9,
  jobId: 90,
  status: 'queued',
  progress: 0,
  stage: 'queued',
  prompt: '夕阳下的城市',
  negativePrompt: null,
  style: 'watercolor',
  ratio: '3:4',
  count: 2,
  seed: 7,
  images: [],
  versions: [],
  remixOf: null,
  remixes: 0,
  engine: 'offline',
  offline: true,
  cost: 60,
  error: null,
  errorMessage: null,
  title: null,
  published: false,
  likes: 0,
  liked: false,
  author: { id: 1, nickName: '小明', avatar: '/static/logo.png' },
  mine: true,
  createTime: '2026-11-24T08:00:00Z',
  ...change,
});

const page = (items: DrawTask[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

afterEach(() => vi.unstubAllGlobals());

describe('AI drawing page', () => {
  it('shows the cost before submitting, refuses an empty or over-long prompt, sends the form and follows the task to its picture', async () => {
    logIn();
    const sent: unknown[] = [];
    let mine: DrawTask[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/options')) return envelope(options);
        if (path.includes('/api/aiDrawProject/roleImages')) return envelope([]);
        if (path.includes('/api/aiDraw/toEnglish'))
          return envelope({ text: 'city at sunset', engine: 'offline', offline: true });
        if (path.includes('/api/aiDraw/imagine')) {
          sent.push(JSON.parse(String(init?.body)));
          mine = [task({ status: 'running', progress: 40, stage: 'generating' })];
          return envelope(mine[0]);
        }
        if (path.includes('/api/aiDraw/page')) return envelope(page(mine));
        return envelope(null);
      }),
    );
    await renderApp('/draw/index');
    // The page settles inside its pull-to-refresh area before anyone types.
    await screen.findByTestId('pull-to-refresh');
    expect(await screen.findByText('还没有作品，写一句描述开始画吧')).toBeTruthy();
    expect(screen.getByTestId('draw-cost').textContent).toBe('预计消耗 30 金币（1 张 × 30）');
    expect(screen.getByTestId('draw-engine-offline')).toBeTruthy();

    fireEvent.click(screen.getByTestId('draw-submit'));
    expect((await screen.findByTestId('draw-problem')).textContent).toBe('请先写一句画面描述');
    fireEvent.change(screen.getByTestId('draw-prompt'), {
      target: { value: '一二三四五六七八九十一二三四五六七八九十一' },
    });
    fireEvent.click(screen.getByTestId('draw-submit'));
    expect((await screen.findByTestId('draw-problem')).textContent).toBe('描述太长了，最多 20 字');
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByTestId('draw-prompt'), { target: { value: '夕阳下的城市' } });
    fireEvent.click(screen.getByTestId('draw-translate'));
    await vi.waitFor(() =>
      expect((screen.getByTestId('draw-prompt') as HTMLTextAreaElement).value).toBe('city at sunset'),
    );
    fireEvent.change(screen.getByTestId('draw-prompt'), { target: { value: '夕阳下的城市' } });

    fireEvent.click(screen.getByTestId('draw-style-watercolor'));
    fireEvent.click(screen.getByTestId('draw-ratio-3x4'));
    fireEvent.click(screen.getByTestId('draw-count-2'));
    expect(screen.getByTestId('draw-cost').textContent).toBe('预计消耗 60 金币（2 张 × 30）');
    fireEvent.click(screen.getByTestId('draw-more'));
    fireEvent.change(screen.getByTestId('draw-negative'), { target: { value: '文字' } });
    fireEvent.click(screen.getByTestId('draw-submit'));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        { prompt: '夕阳下的城市', negativePrompt: '文字', style: 'watercolor', ratio: '3:4', count: 2 },
      ]),
    );
    expect(await screen.findByText('绘画中 40%')).toBeTruthy();

    mine = [
      task({
        status: 'succeeded',
        progress: 100,
        images: [
          {
            url: '/files/private/a.webp?sig=x',
            thumbUrl: '/files/private/t.webp?sig=x',
            width: 768,
            height: 1024,
          },
        ],
      }),
    ];
    const card = await screen.findByTestId('draw-card-9', {}, { timeout: 4000 });
    await vi.waitFor(() => expect(card.getAttribute('data-status')).toBe('succeeded'), { timeout: 4000 });
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/files/private/t.webp?sig=x');
    expect(card.textContent).toContain('离线引擎');
  });

  it('says why a task failed and that nothing was charged', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/options')) return envelope(options);
        if (path.includes('/api/aiDraw/page'))
          return envelope(
            page([
              task({
                status: 'failed',
                cost: 0,
                error: 'draw_timeout',
                errorMessage: '绘画超时了，本次未扣金币，请重试',
              }),
            ]),
          );
        return envelope([]);
      }),
    );
    await renderApp('/draw/index');
    expect((await screen.findByTestId('draw-failed')).textContent).toBe('绘画超时了，本次未扣金币，请重试');
  });

  it('fills the form from a tutorial example ("draw the same" uses the same link)', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        envelope(String(url).includes('options') ? options : String(url).includes('page') ? page([]) : []),
      ),
    );
    await renderApp('/draw/me/tutorial');
    fireEvent.click(await screen.findByTestId('tutorial-use-mountain'));
    await vi.waitFor(() =>
      expect((screen.getByTestId('draw-prompt') as HTMLTextAreaElement).value).toBe(
        '雪山和湖泊，清晨薄雾，远处有小船',
      ),
    );
    expect(screen.getByTestId('draw-style-ink').getAttribute('aria-pressed')).toBe('true');
  });

  it("reports someone's drawing as itself: the detail page's report opens the report form on that drawing", async () => {
    logIn({ uid: 7 });
    const reports: unknown[] = [];
    const theirs = task({
      id: 31,
      status: 'succeeded',
      progress: 100,
      published: true,
      title: '古城月夜',
      mine: false,
      images: [{ url: '/files/public/a.webp', thumbUrl: '/files/public/a-t.webp', width: 768, height: 1024 }],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/aiDraw/detail')) return envelope(theirs);
        if (path.includes('/api/sysReport/add')) {
          reports.push(JSON.parse(String(init?.body)));
          return envelope({ id: 5 });
        }
        if (path.includes('sensitiveWord')) return envelope({ words: [], stopWords: [] });
        return envelope(null);
      }),
    );
    await renderApp('/draw/home/detail?id=31');
    fireEvent.click(await screen.findByTestId('draw-report'));
    await screen.findByTestId('report-page');
    expect(screen.getByTestId('report-target-drawing').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('report-id') as HTMLInputElement).value).toBe('31');
    expect(screen.getByText('绘画作品 ID')).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-reason-infringement'));
    fireEvent.click(screen.getByTestId('report-submit'));
    await vi.waitFor(() =>
      expect(reports).toEqual([{ targetType: 'drawing', targetId: 31, reason: '侵权' }]),
    );
  });

  it('splits pasted text into at most four paragraphs worth a picture', () => {
    expect(
      paragraphsOf(
        '# 夕阳之城\n\n第一段讲夕阳。\n\n短\n\n第二段讲城市夜景。\n第三段讲街道\n第四段讲灯火\n第五段不会画',
      ),
    ).toEqual(['夕阳之城', '第一段讲夕阳。', '第二段讲城市夜景。', '第三段讲街道']);
  });
});
