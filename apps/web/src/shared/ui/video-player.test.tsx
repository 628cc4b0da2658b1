import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDER, VIDEO_CONTROLS_HIDE_MS } from '../config/app';
import { i18n, initI18n } from '../i18n';
import { VideoPlayer, type VideoState } from './video-player';

beforeAll(async () => {
  await initI18n('zh-Hans');
});

// jsdom has no media playback: play() and pause() fire the events a browser fires.
beforeEach(() => {
  vi.useFakeTimers();
  let paused = true;
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('VideoPlayer', () => {
  it('plays and pauses, hides its controls 3000 ms after the last touch while playing, and shows them on a tap', async () => {
    const states: VideoState[] = [];
    render(
      <I18nextProvider i18n={i18n}>
        <VideoPlayer src="/v.mp4" onStateChange={(s) => states.push(s)} />
      </I18nextProvider>,
    );
    const player = screen.getByTestId('video-player');
    const toggle = screen.getByTestId('video-toggle');
    expect(player).toHaveAttribute('data-state', 'paused');
    expect(toggle).toHaveAccessibleName('播放');

    fireEvent.click(toggle);
    expect(player).toHaveAttribute('data-state', 'playing');
    expect(toggle).toHaveAccessibleName('暂停');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(player).toHaveAttribute('data-controls', 'shown');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(player).toHaveAttribute('data-controls', 'hidden');

    fireEvent.click(player.querySelector('video')!);
    expect(player).toHaveAttribute('data-controls', 'shown');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    fireEvent.pointerDown(screen.getByTestId('video-volume'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(player).toHaveAttribute('data-controls', 'shown');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(player).toHaveAttribute('data-controls', 'hidden');

    fireEvent.click(toggle);
    expect(player).toHaveAttribute('data-state', 'paused');
    expect(player).toHaveAttribute('data-controls', 'shown');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(player).toHaveAttribute('data-controls', 'shown');
    expect(states).toEqual(['playing', 'paused']);
  });

  it('progress and volume are sliders from 0 to 100 in steps of 1; volume sets the video volume', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <VideoPlayer src="/v.mp4" />
      </I18nextProvider>,
    );
    for (const id of ['video-progress', 'video-volume']) {
      const slider = screen.getByTestId(id);
      expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual(['0', '100', '1']);
    }
    fireEvent.change(screen.getByTestId('video-volume'), { target: { value: '35' } });
    expect(screen.getByTestId('video-player').querySelector('video')!.volume).toBeCloseTo(0.35);
  });
});

describe('the player for sound only (voice-overs)', () => {
  it('plays an audio element with the same controls, which stay shown while it plays', async () => {
    vi.useFakeTimers();
    render(<VideoPlayer audio src="/files/a.mp3" testId="audio-player" />);
    const player = screen.getByTestId('audio-player');
    const audio = player.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/files/a.mp3');
    expect(player.querySelector('video')).toBeNull();
    fireEvent.play(audio);
    expect(player).toHaveAttribute('data-state', 'playing');
    act(() => {
      vi.advanceTimersByTime(VIDEO_CONTROLS_HIDE_MS + 100);
    });
    expect(player).toHaveAttribute('data-controls', 'shown');
    expect(screen.getByTestId('video-volume')).toHaveAttribute('max', String(SLIDER.max));
  });
});
