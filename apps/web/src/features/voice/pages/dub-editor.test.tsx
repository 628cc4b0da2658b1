import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VoiceOptions } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';

const voice = (value: string, label: string, gender: 'female' | 'male') => ({
  value,
  label,
  engine: 'espeak-ng' as const,
  lang: 'zh-CN',
  gender,
  vipOnly: false,
  description: '',
  maxChars: 200,
  available: true,
  offline: true,
});
const options: VoiceOptions = {
  goldPerWord: 20,
  goldPerSubtitleMinute: 0,
  transcribes: false,
  voices: [voice('f3', '小雅', 'female'), voice('m3', '阿强', 'male')],
};

afterEach(() => vi.unstubAllGlobals());

describe('the dubbing editor', () => {
  it('makes a dialogue of two voices with a reading fix and a timed pause, sent as a script', async () => {
    logIn();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/textToSpeech/voices')) return envelope(options);
        if (path.includes('/api/textToSpeech/readings'))
          return envelope({ items: [{ word: '重庆', at: 0, pinyin: 'chong2' }] });
        if (path.includes('/api/textToSpeech/pinyin'))
          return envelope({
            chars: [
              { char: '银', reading: 'yin2', options: ['yin2'] },
              { char: '行', reading: 'hang2', options: ['xing2', 'hang2', 'hang4', 'heng2'] },
            ],
          });
        if (path.includes('/api/textToSpeech/add')) {
          sent.push(JSON.parse(String(init?.body)));
          return envelope(null);
        }
        return envelope(null);
      }),
    );
    await renderApp(`/media/dub/index?text=${encodeURIComponent('银行')}`);
    expect(await screen.findByText('小雅')).toBeTruthy();

    // Tap 行 and pick háng: the text carries the mark, the ruby shows it.
    fireEvent.click(screen.getByTestId('dub-char-0-1'));
    fireEvent.click(await screen.findByTestId('dub-reading-hang2'));
    expect((screen.getByTestId('dub-text') as HTMLTextAreaElement).value).toBe('银行[hang2]');
    expect(within(screen.getByTestId('dub-ruby-0')).getByText('háng')).toBeTruthy();

    // A second line: the first becomes 甲, the new one 乙 with the other voice.
    fireEvent.click(screen.getByTestId('dub-add-line'));
    expect((screen.getByTestId('dub-speaker-0') as HTMLInputElement).value).toBe('甲');
    expect((screen.getByTestId('dub-speaker-1') as HTMLInputElement).value).toBe('乙');
    expect(screen.getByTestId('dub-line-voice-1').textContent).toContain('阿强');
    fireEvent.change(screen.getByTestId('dub-text-1'), { target: { value: '好的走吧' } });
    // A 1 s pause at the cursor (after 好的).
    const area = screen.getByTestId('dub-text-1') as HTMLTextAreaElement;
    area.setSelectionRange(2, 2);
    fireEvent.click(screen.getByTestId('dub-pause-1'));
    expect(area.value).toBe('好的[1.0s]走吧');
    expect(screen.getByTestId('dub-pause-chip-1').textContent).toBe('‖1s');

    // A third line from 甲; my dictionary's fix (重庆 → chong2) is applied when I leave the line.
    fireEvent.click(screen.getByTestId('dub-add-line'));
    expect((screen.getByTestId('dub-speaker-2') as HTMLInputElement).value).toBe('甲');
    fireEvent.change(screen.getByTestId('dub-text-2'), { target: { value: '去重庆' } });
    fireEvent.blur(screen.getByTestId('dub-text-2'));
    expect((screen.getByTestId('dub-text-2') as HTMLTextAreaElement).value).toBe('去重[chong2]庆');
    expect(screen.getByTestId('dub-cost').textContent).toBe('预计消耗 180 金币（9 字 × 20）');

    fireEvent.click(screen.getByTestId('dub-generate'));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        {
          lines: [
            { speaker: '甲', voice: 'f3', speed: 100, text: '银行[hang2]' },
            { speaker: '乙', voice: 'm3', speed: 100, text: '好的[1.0s]走吧' },
            { speaker: '甲', voice: 'f3', speed: 100, text: '去重[chong2]庆' },
          ],
        },
      ]),
    );
  });

  it('edits the subtitles of a finished dialogue and sends the lines to be timed again', async () => {
    logIn();
    const edits: unknown[] = [];
    const done = {
      id: 9,
      status: 'succeeded',
      progress: 100,
      duration: 3,
      engine: 'espeak-ng',
      offline: true,
      segments: [
        { start: 0, end: 1, text: '你好', speaker: '甲' },
        { start: 1.5, end: 2.5, text: '走吧', speaker: '乙' },
      ],
      error: null,
      errorMessage: null,
      createTime: '2026-11-27T08:00:00Z',
      text: '甲：你好\n乙：走吧',
      voice: 'f3',
      voiceLabel: '小雅 / 阿强',
      speed: 100,
      audioUrl: '/files/private/a.mp3?sig=x',
      cost: 80,
      srt: '1\n00:00:00,000 --> 00:00:01,000\n甲：你好\n',
      lines: [],
      ass: '[Script Info]\n',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.includes('/api/textToSpeech/voices')) return envelope(options);
        if (path.includes('/api/textToSpeech/readings')) return envelope({ items: [] });
        if (path.includes('/api/audioToSrt/capabilities'))
          return envelope({ transcribe: false, align: true, engine: null, offline: false, translate: true });
        if (path.includes('/api/textToSpeech/add')) return envelope(done);
        if (path.includes('/api/textToSpeech/detail')) return envelope(done);
        if (path.includes('/api/textToSpeech/subtitles')) {
          edits.push(JSON.parse(String(init?.body)));
          return envelope({ segments: done.segments, srt: done.srt });
        }
        return envelope(null);
      }),
    );
    await renderApp(`/media/dub/index?text=${encodeURIComponent('你好')}`);
    expect(await screen.findByText('小雅')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dub-generate'));
    expect((await screen.findByTestId('timed-lines')).textContent).toContain('乙：走吧');
    expect(screen.getByTestId('download-ass')).toBeTruthy();
    // A text provider is configured here: the bilingual export is offered.
    expect(await screen.findByTestId('bilingual-make')).toBeTruthy();
    fireEvent.click(screen.getByTestId('edit-subtitles'));
    const editor = screen.getByTestId('subtitles-editor') as HTMLTextAreaElement;
    expect(editor.value).toBe('甲：你好\n乙：走吧');
    fireEvent.change(editor, { target: { value: '甲：您好\n\n乙：走吧' } });
    fireEvent.click(screen.getByTestId('save-subtitles'));
    await vi.waitFor(() => expect(edits).toEqual([{ id: 9, kind: 'tts', lines: ['甲：您好', '乙：走吧'] }]));
  });
});
