import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIDER, VIDEO_CONTROLS_HIDE_MS } from '../config/app';
import { RangeSlider } from './range-slider';
import './video-player.css';

export type VideoState = 'playing' | 'paused';

export interface VideoPlayerProps {
  src: string;
  poster?: string;
  /** Called when the video starts or stops playing (spec §4: playing or paused). */
  onStateChange?: (state: VideoState) => void;
  testId?: string;
  /** Sound only (a voice-over): the same controls on an audio element, always shown (there is no picture to tap). */
  audio?: boolean;
}

const clock = (seconds: number): string => {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A video with the app's own controls: play/pause, a progress slider and a volume slider (0–100, step 1). While the
 * video plays the controls hide after 3000 ms without a touch; a tap on the picture shows them again, and they
 * stay while paused. The video and voice pages use it for their results.
 */
export function VideoPlayer({ src, poster, onStateChange, testId = 'video-player', audio = false }: VideoPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [state, setState] = useState<VideoState>('paused');
  const [shown, setShown] = useState(true);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [volume, setVolume] = useState<number>(SLIDER.max);
  const [touch, setTouch] = useState(0);

  // Controls hide 3000 ms after the last touch, only while playing.
  useEffect(() => {
    if (audio || state !== 'playing' || !shown) return;
    const timer = setTimeout(() => setShown(false), VIDEO_CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [audio, state, shown, touch]);

  const poke = useCallback(() => {
    setShown(true);
    setTouch((n) => n + 1);
  }, []);

  const changeState = (next: VideoState) => {
    setState(next);
    onStateChange?.(next);
    if (next === 'paused') setShown(true);
  };

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    poke();
    if (el.paused) void el.play()?.catch(() => changeState('paused'));
    else el.pause();
  };

  const handlers = {
    onPlay: () => changeState('playing'),
    onPause: () => changeState('paused'),
    onEnded: () => changeState('paused'),
    onLoadedMetadata: (e: SyntheticEvent<HTMLMediaElement>) => setTime({ current: e.currentTarget.currentTime, duration: e.currentTarget.duration }),
    onTimeUpdate: (e: SyntheticEvent<HTMLMediaElement>) => setTime({ current: e.currentTarget.currentTime, duration: e.currentTarget.duration }),
  };

  const progress = time.duration > 0 ? Math.round((time.current / time.duration) * SLIDER.max) : 0;

  return (
    <div className={`video-player${audio ? ' video-player--audio' : ''}${shown ? '' : ' video-player--bare'}`} data-testid={testId} data-state={state} data-controls={shown ? 'shown' : 'hidden'}>
      {audio ? (
        <audio ref={video} className="video-player__audio" src={src} preload="metadata" {...handlers} />
      ) : (
        <video ref={video} className="video-player__video" src={src} poster={poster} playsInline preload="metadata" onClick={poke} {...handlers} />
      )}
      <div className="video-player__controls" aria-hidden={!shown} onPointerDown={poke}>
        <button type="button" className="video-player__toggle" data-testid="video-toggle" aria-label={state === 'playing' ? t('player.pause') : t('player.play')} onClick={toggle}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {state === 'playing' ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" /> : <path d="M8 5v14l11-7z" fill="currentColor" />}
          </svg>
        </button>
        <span className="video-player__time">{clock(time.current)}</span>
        <RangeSlider
          className="video-player__slider video-player__progress"
          testId="video-progress"
          label={t('player.progress')}
          value={progress}
          onChange={(value) => {
            const el = video.current;
            poke();
            if (el && time.duration > 0) el.currentTime = (value / SLIDER.max) * time.duration;
          }}
        />
        <span className="video-player__time">{clock(time.duration)}</span>
        <RangeSlider
          className="video-player__slider video-player__volume"
          testId="video-volume"
          label={t('player.volume')}
          value={volume}
          onChange={(next) => {
            poke();
            setVolume(next);
            if (video.current) video.current.volume = next / SLIDER.max;
          }}
        />
      </div>
    </div>
  );
}
