import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoTask } from '@app/contract';
import { resetDictionaries } from '../../../shared/lib/dictionary';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { videoOptions, voiceOptions } from '../../../test/fixtures';
import { stubUploadXhr } from '../../../test/upload-xhr';

const options = videoOptions({
  bgms: [{ value: 'bgm-morning', label: '轻快早晨', mood: '轻快', duration: 60 }],
  inserts: [{ value: 'intro-brand', label: '品牌片头', position: 'start', seconds: 2 }],
});

const voices = voiceOptions();

const task = (change: Partial<VideoTask>): VideoTask => ({
  id: 7,
  status: 'succeeded',
  progress: 100,
  stage: 'store',
  title: '春天',
  templateId: 'talk-vertical',
  templateLabel: '竖屏口播',
  voice: 'f3',
  speed: 100,
  imageSource: 'template',
  subtitleAnchor: 8,
  videoUrl: '/uploads/video/a.mp4',
  coverUrl: '/uploads/video/a.jpg',
  duration: 12.5,
  width: 1080,
  height: 1920,
  estimate: { words: 50, seconds: 10, gold: 1000 },
  cost: 1000,
  expireAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000 + 120_000).toISOString(),
  expired: false,
  engine: 'espeak-ng + ffmpeg',
  offline: true,
  error: null,
  createTime: '2026-11-24T08:00:00Z',
  storyboard: false,
  batchId: null,
  waiting: false,
  ...change,
});

// Each test is a new page load: dictionaries (app_tips) are read again from its server.
beforeEach(() => resetDictionaries());
afterEach(() => vi.unstubAllGlobals());

describe('AI video pages', () => {
  it('carries a text in, shows the estimate, and sends the chosen template, voice, music, subtitle cell and style, and a picked intro', async () => {
    logIn();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/articleToVideo/videoTemplate')) return envelope(options);
        if (path.includes('/api/textToSpeech/voices')) return envelope(voices);
        if (path.includes('/api/sysArticle/page'))
          return envelope({ items: [], total: 0, page: 1, pageSize: 50 });
        if (path.includes('/api/articleToVideo/estimate'))
          return envelope({ words: 4, seconds: 0.8, gold: 80 });
        if (path.includes('/api/articleToVideo/add')) {
          sent.push(JSON.parse(String(init?.body)));
          return envelope(task({ status: 'queued' }));
        }
        if (path.includes('/api/articleToVideo/page'))
          return envelope({ items: [], total: 0, page: 1, pageSize: 50 });
        if (path.includes('/api/sysDictData/dataList/app_tips'))
          return envelope({
            version: 1,
            items: [
              {
                id: 5,
                label: '视频生成说明',
                value: 'videoTip',
                data: { text: '运营写的生成说明' },
                status: 1,
              },
            ],
          });
        return envelope(null);
      }),
    );
    await renderApp(`/media/video/index?text=${encodeURIComponent('你好世界')}`);
    expect(((await screen.findByTestId('video-text')) as HTMLTextAreaElement).value).toBe('你好世界');
    expect(await screen.findByText('预计时长 0.8 秒，消耗 80 金币（4 字）')).toBeTruthy();
    // app_tips' videoTip, as the operator wrote it.
    expect((await screen.findByTestId('video-tip')).textContent).toBe('运营写的生成说明');
    fireEvent.click(screen.getByTestId('anchor-2'));
    fireEvent.click(screen.getByTestId('bgm-none'));
    // Subtitles outlined and no intro or outro of ours unless picked; only the clips offered have a chip.
    expect(screen.getByTestId('subtitle-style-outlined').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('卡拉 OK（逐字高亮）')).toBeTruthy();
    expect(screen.getByTestId('insert-intro').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('insert-outro')).toBeNull();
    // Every row of choices is made of the one video chip (its look, a toggle that says whether it is pressed).
    const chips = ['mode-single', 'source-text', 'bgm-none', 'pictures-article', 'subtitle-style-outlined'];
    for (const id of chips) {
      expect(screen.getByTestId(id)).toHaveClass('video-chip');
      expect(screen.getByTestId(id)).toHaveAttribute('aria-pressed');
    }
    fireEvent.click(screen.getByTestId('subtitle-style-karaoke'));
    fireEvent.click(screen.getByTestId('insert-intro'));
    fireEvent.click(screen.getByTestId('video-create'));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        {
          title: undefined,
          text: '你好世界',
          templateId: 'talk-vertical',
          voice: 'f3',
          speed: 100,
          bgmId: null,
          voiceVolume: 100,
          musicVolume: 100,
          subtitleAnchor: 2,
          imageSource: 'template',
          subtitleStyle: 'karaoke',
          intro: true,
          outro: false,
        },
      ]),
    );
  });

  it('makes a video with my own uploaded music and the voice and music volumes I set', async () => {
    logIn();
    const sent: unknown[] = [];
    const uploads = stubUploadXhr(() => {
      const file = {
        id: 42,
        url: '/files/x',
        visibility: 'private',
        name: 'song.mp3',
        kind: 'audio',
        mime: 'audio/mpeg',
        size: 3,
        width: null,
        height: null,
        duration: 20,
      };
      return { files: [file] };
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/articleToVideo/videoTemplate')) return envelope(options);
        if (path.includes('/api/textToSpeech/voices')) return envelope(voices);
        if (path.includes('/api/articleToVideo/estimate'))
          return envelope({ words: 4, seconds: 0.8, gold: 80 });
        if (path.includes('/api/articleToVideo/add')) {
          sent.push(JSON.parse(String(init?.body)));
          return envelope(task({ status: 'queued' }));
        }
        return envelope({ items: [], total: 0, page: 1, pageSize: 50 });
      }),
    );
    await renderApp(`/media/video/index?text=${encodeURIComponent('你好世界')}`);
    expect((await screen.findByTestId('bgm-bgm-morning')).textContent).toBe('轻快早晨 · 轻快');
    fireEvent.change(screen.getByTestId('bgm-own-file'), {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'song.mp3', { type: 'audio/mpeg' })] },
    });
    expect((await screen.findByTestId('bgm-own')).textContent).toBe('我的音乐：song.mp3');
    // Private, in the media class whose audio limits the server checks.
    expect(uploads[0]?.url).toContain('category=media&visibility=private');
    fireEvent.change(screen.getByTestId('voice-volume'), { target: { value: '75' } });
    fireEvent.change(screen.getByTestId('music-volume'), { target: { value: '20' } });
    expect(screen.getByText('人声音量 150%')).toBeTruthy();
    fireEvent.click(screen.getByTestId('video-create'));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        expect.objectContaining({ bgmId: null, musicFileId: 42, voiceVolume: 150, musicVolume: 40 }),
      ]),
    );
  });

  it('plays ten seconds of a music track before it is chosen', async () => {
    logIn();
    const loads = stubUploadXhr(() => null);
    const played: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        constructor(readonly src: string) {}
        play() {
          played.push(this.src);
          return Promise.resolve();
        }
        pause() {}
      },
    );
    // jsdom has no object URLs: the downloaded preview gets one of ours.
    URL.createObjectURL = () => 'blob:preview';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path.includes('/api/articleToVideo/videoTemplate')) return envelope(options);
        if (path.includes('/api/textToSpeech/voices')) return envelope(voices);
        return envelope({ items: [], total: 0, page: 1, pageSize: 50 });
      }),
    );
    try {
      await renderApp('/media/video/index');
      fireEvent.click(await screen.findByTestId('bgm-preview-bgm-morning'));
      await vi.waitFor(() => expect(played).toEqual(['blob:preview']));
      expect(loads.map((load) => load.url)).toEqual([
        expect.stringMatching(/\/api\/articleToVideo\/bgmPreview\?id=bgm-morning$/),
      ]);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
    }
  });

  it('lists videos with the failed stage, the expiry countdown, and the system notice of an expired one', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path.includes('/api/articleToVideo/page')) {
          return envelope({
            items: [
              task({ id: 1 }),
              task({
                id: 2,
                status: 'failed',
                stage: 'compose',
                videoUrl: null,
                coverUrl: null,
                error: { stage: 'compose', message: '背景音乐无法混入视频' },
              }),
              task({
                id: 3,
                expired: true,
                videoUrl: null,
                coverUrl: null,
                expireAt: '2026-01-01T00:00:00Z',
              }),
            ],
            total: 3,
            page: 1,
            pageSize: 50,
          });
        }
        if (path.includes('/api/sysDictData/dataList/app_tips')) {
          return envelope({
            version: 1,
            items: [
              { id: 1, label: '视频过期提示', value: 'downloadTip', data: { text: '该视频已超过保存期限' } },
            ],
          });
        }
        return envelope(null);
      }),
    );
    await renderApp('/media/video/list');
    expect((await screen.findByTestId('video-error-2')).textContent).toBe(
      '「合成」失败： 背景音乐无法混入视频',
    );
    expect(screen.getByTestId('video-expiry-1').textContent).toMatch(/^2 天 1 小时 [12] 分后过期$/);
    expect(screen.getByTestId('video-expiry-3').textContent).toBe('已过期');
    fireEvent.click(screen.getByTestId('video-play-3'));
    expect(await screen.findByText('系统提示')).toBeTruthy();
    expect((await screen.findByTestId('expired-dialog')).textContent).toBe('该视频已超过保存期限');
    expect(await screen.findByText('我知道了')).toBeTruthy();
    fireEvent.click(screen.getByTestId('video-play-1'));
    expect(await screen.findByTestId('video-player-1')).toBeTruthy();
  });

  it('shares an offline video with the offline label in its description, never in the video', async () => {
    logIn();
    const added: { content: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/articleToVideo/page'))
          return envelope({ items: [task({ id: 1, title: '春游' })], total: 1, page: 1, pageSize: 50 });
        if (path.includes('/api/articleToVideo/share'))
          return envelope({ videoUrl: '/uploads/video/a.mp4', coverUrl: '/uploads/video/a.jpg' });
        if (path.includes('/api/sysArticle/add')) {
          added.push(JSON.parse(String(init?.body)));
          return envelope({ id: 9, status: 'published' });
        }
        return envelope(null);
      }),
    );
    await renderApp('/media/video/list');
    fireEvent.click(await screen.findByTestId('video-share-1'));
    await vi.waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]!.content).toBe('春游\n\n由离线引擎生成');
    expect(added[0]!.content).not.toMatch(/espeak|ffmpeg/);
  });

  it('deletes a video still rendering after a confirmation that says its render is canceled', async () => {
    logIn();
    const deleted: unknown[] = [];
    let items = [task({ id: 5, status: 'running', progress: 40, stage: 'voice', videoUrl: null })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/articleToVideo/page'))
          return envelope({ items, total: items.length, page: 1, pageSize: 50 });
        if (path.includes('/api/articleToVideo/delete')) {
          deleted.push(JSON.parse(String(init?.body)));
          items = [];
          return envelope(null);
        }
        return envelope(null);
      }),
    );
    await renderApp('/media/video/list');
    fireEvent.click(await screen.findByTestId('video-delete-5'));
    const question = await screen.findByText('视频还在生成中，删除将取消生成并退回金币，确定删除吗？');
    fireEvent.click(within(question.closest<HTMLElement>('.adm-dialog')!).getByText('确定'));
    await vi.waitFor(() => expect(deleted).toEqual([{ id: 5 }]));
    // The list is read again: the deleted video has gone.
    expect(await screen.findByTestId('video-empty')).toBeTruthy();
  });
});
