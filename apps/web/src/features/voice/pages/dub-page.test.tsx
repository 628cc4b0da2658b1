import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AsrTask, TtsTask, VoiceOptions } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';
import { stubUploadXhr } from '../../../test/upload-xhr';

const options: VoiceOptions = {
  goldPerWord: 20,
  goldPerSubtitleMinute: 0,
  transcribes: false,
  voices: [
    {
      value: 'f3',
      label: '小雅（女声·普通话）',
      engine: 'espeak-ng',
      lang: 'zh-CN',
      gender: 'female',
      vipOnly: false,
      description: '清亮女声',
      maxChars: 10,
      available: true,
      offline: true,
    },
    {
      value: 'nova',
      label: '诺娃（会员）',
      engine: 'openai',
      lang: 'zh-CN',
      gender: 'female',
      vipOnly: true,
      description: '云端女声',
      maxChars: 1000,
      available: false,
      offline: false,
    },
  ],
};

const task = (change: Partial<TtsTask>): TtsTask => ({
  id: 5,
  status: 'queued',
  progress: 0,
  duration: null,
  engine: 'espeak-ng',
  offline: true,
  segments: [],
  lines: null,
  ass: null,
  error: null,
  errorMessage: null,
  createTime: '2026-11-24T08:00:00Z',
  text: '你好世界',
  voice: 'f3',
  voiceLabel: '小雅',
  speed: 125,
  audioUrl: null,
  cost: 80,
  srt: null,
  ...change,
});

afterEach(() => vi.unstubAllGlobals());

describe('AI dubbing page', () => {
  it('carries the copy text in, counts and prices it, sends the speed of the slider and plays the result', async () => {
    logIn();
    const sent: unknown[] = [];
    let detail = task({});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/textToSpeech/voices')) return envelope(options);
        if (path.includes('/api/textToSpeech/add')) {
          sent.push(JSON.parse(String(init?.body)));
          return envelope(detail);
        }
        if (path.includes('/api/textToSpeech/detail')) return envelope(detail);
        return envelope(null);
      }),
    );
    await renderApp(`/media/dub/index?text=${encodeURIComponent('你好，世界')}`);
    expect(await screen.findByText('小雅（女声·普通话）')).toBeTruthy();
    // A voice flagged unavailable says only that it is coming soon: no setting, no 未配置.
    expect(screen.getByText('即将上线')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/未配置|AI_[A-Z]+_/);
    expect((screen.getByTestId('dub-text') as HTMLTextAreaElement).value).toBe('你好，世界');
    expect(screen.getByTestId('dub-counter').textContent).toBe('5/10');
    expect(screen.getByTestId('dub-cost').textContent).toBe('预计消耗 80 金币（4 字 × 20）');

    // Slider 50 of 0–100 is 125 %.
    fireEvent.change(screen.getByTestId('dub-speed-slider'), { target: { value: '50' } });
    expect(screen.getByTestId('dub-speed').textContent).toBe('125%');

    // Over the voice's limit: said on the page, nothing sent.
    fireEvent.change(screen.getByTestId('dub-text'), { target: { value: '一二三四五六七八九十十一' } });
    fireEvent.click(screen.getByTestId('dub-generate'));
    expect(await screen.findByText('文字太长了，最多 10 字')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByTestId('dub-text'), { target: { value: '你好世界' } });
    fireEvent.click(screen.getByTestId('dub-generate'));
    await vi.waitFor(() => expect(sent).toEqual([{ text: '你好世界', voice: 'f3', speed: 125 }]));
    expect(await screen.findByText('排队中')).toBeTruthy();

    detail = task({
      status: 'succeeded',
      progress: 100,
      audioUrl: '/files/private/a.mp3?sig=x',
      duration: 1.5,
    });
    expect(await screen.findByTestId('dub-player', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByTestId('dub-offline').textContent).toBe('由离线引擎（espeak-ng）合成');
    expect(screen.getByTestId('dub-to-video').getAttribute('href')).toContain('/media/video/index?text=');
  });

  it('subtitles audio without a script when the server transcribes, saying the offline engine recognised it', async () => {
    logIn();
    const recognised: AsrTask = {
      id: 8,
      status: 'succeeded',
      progress: 100,
      duration: 4,
      engine: 'sherpa-onnx',
      offline: true,
      segments: [{ start: 0.3, end: 1.2, text: '你好' }],
      srt: '1\n00:00:00,300 --> 00:00:01,200\n你好\n',
      error: null,
      errorMessage: null,
      createTime: '2026-11-24T08:00:00Z',
      audioUrl: null,
      text: null,
      cost: 0,
    };
    const sent = stubUploadXhr(() => recognised);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        envelope(
          String(url).includes('voices')
            ? { ...options, transcribes: true }
            : String(url).includes('capabilities')
              ? { transcribe: true, align: true, engine: 'sherpa-onnx', offline: true }
              : { items: sent.length ? [recognised] : [], total: sent.length, page: 1, pageSize: 50 },
        ),
      ),
    );
    await renderApp('/media/dub/index?tab=srt');
    expect(await screen.findByText('可选：有文稿时字幕文字更准确')).toBeTruthy();
    // Said before any upload, from the capabilities endpoint.
    expect(screen.getByTestId('srt-capability').textContent).toBe('本站可直接识别音频生成字幕，文稿可选');
    // Free by default: no price is shown.
    expect(screen.queryByTestId('srt-price')).toBeNull();
    fireEvent.change(screen.getByTestId('srt-file'), {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'a.mp3', { type: 'audio/mpeg' })] },
    });
    fireEvent.click(screen.getByTestId('srt-submit'));
    expect((await screen.findByTestId('srt-offline')).textContent).toBe('由本机离线引擎（sherpa-onnx）识别');
    expect(sent[0]?.body.get('text')).toBeNull();
  });

  it('asks for the script when audio is to be subtitled offline', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        envelope(
          String(url).includes('voices')
            ? { ...options, goldPerSubtitleMinute: 5 }
            : String(url).includes('capabilities')
              ? { transcribe: false, align: true, engine: null, offline: false }
              : { items: [], total: 0, page: 1, pageSize: 50 },
        ),
      ),
    );
    await renderApp('/media/dub/index?tab=srt');
    expect(await screen.findByText('离线引擎按文稿对齐字幕时间，请粘贴音频对应的文字')).toBeTruthy();
    expect((await screen.findByTestId('srt-capability')).textContent).toBe(
      '本站使用离线引擎按文稿对齐字幕：上传前请准备好音频对应的文字',
    );
    // Priced by the operator: said before the upload.
    expect((await screen.findByTestId('srt-price')).textContent).toBe(
      '每分钟音频 5 金币（不足一分钟按一分钟计）',
    );
    fireEvent.click(screen.getByTestId('srt-submit'));
    expect(await screen.findByText('请先选择或录制音频')).toBeTruthy();
  });

  it('opened on a tab it does not have, shows dubbing and says the tab item is not found', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        envelope(String(url).includes('voices') ? options : { items: [], total: 0, page: 1, pageSize: 50 }),
      ),
    );
    await renderApp('/media/dub/index?tab=video');
    expect(await screen.findByText('标签页不存在')).toBeTruthy();
    expect(screen.queryByTestId('srt-submit')).toBeNull();
  });

  it('says "rejected" when the user refuses the microphone for a recording', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        envelope(String(url).includes('voices') ? options : { items: [], total: 0, page: 1, pageSize: 50 }),
      ),
    );
    const getUserMedia = vi.fn(async () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    );
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    try {
      await renderApp('/media/dub/index?tab=srt');
      fireEvent.click(await screen.findByTestId('srt-record'));
      expect(await screen.findByText('已拒绝')).toBeTruthy();
      expect(screen.getByText('无法使用麦克风，请检查权限')).toBeTruthy();
      expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });
});
