import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Composer } from '../features/chat/components/composer';
import { initI18n, loadLanguage } from '../shared/i18n';
import { resetDictionaries } from '../shared/lib/dictionary';
import { envelope, location, logIn, renderApp } from '../test/render-app';
import { videoOptions, voiceOptions } from '../test/fixtures';

/**
 * Issue 27 point 4: what is typed in a creation form is kept as a draft until it is sent: a page opened again
 * (after a reload, or an error page and back) shows it; once sent, it is gone. (The create page, drawing and the
 * post editor are covered in the browser by e2e/first-day-drafts.e2e.ts.)
 */
const voices = voiceOptions();

/** The server of these pages: sending answers with a created task (its shape does not matter to the draft). */
const server = (sent: string[]) =>
  vi.fn(async (url: string) => {
    const path = String(url);
    if (path.includes('/api/textToSpeech/voices')) return envelope(voices);
    if (path.includes('/api/articleToVideo/videoTemplate')) return envelope(videoOptions());
    if (path.includes('/api/articleToVideo/estimate')) return envelope({ words: 4, seconds: 0.8, gold: 80 });
    if (path.includes('/page')) return envelope({ items: [], total: 0, page: 1, pageSize: 50 });
    for (const add of ['/api/sysFeedback/add', '/api/textToSpeech/add', '/api/articleToVideo/add']) {
      if (path.includes(add)) {
        sent.push(add);
        return envelope({
          id: 9,
          status: 'queued',
          progress: 0,
          text: '',
          segments: [],
          duration: null,
          audioUrl: null,
          cost: 0,
        });
      }
    }
    return envelope(null);
  });

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const valueOf = async (testId: string) => ((await screen.findByTestId(testId)) as HTMLInputElement).value;

beforeAll(async () => {
  await initI18n('zh-Hans');
  await loadLanguage('zh-Hans');
});
afterEach(() => {
  resetDictionaries();
  vi.unstubAllGlobals();
});

describe('creation form drafts', () => {
  it('feedback: text and contact come back when the page opens again, and are gone once sent', async () => {
    logIn();
    const sent: string[] = [];
    vi.stubGlobal('fetch', server(sent));
    const first = await renderApp('/set/help/feedback');
    await screen.findByTestId('feedback-content');
    type('feedback-content', '绘画页面的比例按钮在小屏上挤在一起');
    type('feedback-contact', 'wx: coffee');
    first.unmount();

    const second = await renderApp('/set/help/feedback');
    expect(await valueOf('feedback-content')).toBe('绘画页面的比例按钮在小屏上挤在一起');
    expect(await valueOf('feedback-contact')).toBe('wx: coffee');
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await vi.waitFor(() => expect(sent).toEqual(['/api/sysFeedback/add']));
    second.unmount();

    await renderApp('/set/help/feedback');
    expect(await valueOf('feedback-content')).toBe('');
    expect(await valueOf('feedback-contact')).toBe('');
  });

  it('dubbing: the text comes back, a text handed in wins over it, and it is gone once dubbed', async () => {
    logIn();
    const sent: string[] = [];
    vi.stubGlobal('fetch', server(sent));
    const first = await renderApp('/media/dub/index');
    await screen.findByTestId('dub-text');
    type('dub-text', '欢迎来到我们的咖啡馆');
    first.unmount();

    const handed = await renderApp(`/media/dub/index?text=${encodeURIComponent('链接带来的文字')}`);
    expect(await valueOf('dub-text')).toBe('链接带来的文字');
    handed.unmount();

    const second = await renderApp('/media/dub/index');
    expect(await valueOf('dub-text')).toBe('欢迎来到我们的咖啡馆');
    fireEvent.click(screen.getByTestId('dub-generate'));
    await vi.waitFor(() => expect(sent).toEqual(['/api/textToSpeech/add']));
    second.unmount();

    await renderApp('/media/dub/index');
    expect(await valueOf('dub-text')).toBe('');
  });

  it('video: title and text come back, and are gone once the video is created', async () => {
    logIn();
    const sent: string[] = [];
    vi.stubGlobal('fetch', server(sent));
    const first = await renderApp('/media/video/index');
    await screen.findByTestId('video-text');
    type('video-title', '春天的咖啡馆');
    type('video-text', '春天来了，店里换上了桂花拿铁。');
    first.unmount();

    const second = await renderApp('/media/video/index');
    expect(await valueOf('video-title')).toBe('春天的咖啡馆');
    expect(await valueOf('video-text')).toBe('春天来了，店里换上了桂花拿铁。');
    fireEvent.click(screen.getByTestId('video-create'));
    await vi.waitFor(() => expect(location.pathname).toBe('/media/video/list'));
    expect(sent).toEqual(['/api/articleToVideo/add']);
    second.unmount();

    await renderApp('/media/video/index');
    expect(await valueOf('video-title')).toBe('');
    expect(await valueOf('video-text')).toBe('');
  });

  it('chat: the question being typed comes back, and is gone once sent', async () => {
    logIn();
    const onSend = vi.fn();
    const props = { streaming: false, onSend, onStop: vi.fn() };
    const first = render(<Composer {...props} />);
    type('chat-input', '周末去杭州玩两天怎么安排');
    first.unmount();

    const second = render(<Composer {...props} />);
    expect(await valueOf('chat-input')).toBe('周末去杭州玩两天怎么安排');
    fireEvent.click(screen.getByTestId('chat-send'));
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('周末去杭州玩两天怎么安排'));
    expect(await valueOf('chat-input')).toBe('');
    second.unmount();

    render(<Composer {...props} />);
    expect(await valueOf('chat-input')).toBe('');
  });
});
