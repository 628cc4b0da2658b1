import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoBgm } from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { RangeSlider } from '../../../shared/ui/range-slider';
import { useBgmPreview } from '../api/bgm-preview';
import { useUploadOwnMusic } from '../api/own-music';
import { VideoChip } from './video-chip';
import { NO_MUSIC, OWN_MUSIC, sliderToVolume, type MusicChoice } from '../lib/music-choice';

/**
 * The video's music: the project's tracks (each with a preview before generating), none, or the user's own
 * upload; the voice's and the music's volume, the music ducking under the voice as it always does.
 */
export function MusicPicker({
  bgms,
  value,
  onChange,
}: {
  bgms: VideoBgm[];
  value: MusicChoice;
  onChange(next: MusicChoice): void;
}) {
  const { t } = useTranslation();
  const player = useRef<HTMLAudioElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => () => player.current?.pause(), []);
  const uploadOwn = useUploadOwnMusic((own) => {
    onChange({ ...value, own, music: OWN_MUSIC });
    showToast(t('video.music.ownUploaded'), 'success');
  });

  const loadPreview = useBgmPreview();

  const preview = async (id: string) => {
    try {
      player.current?.pause();
      const audio = new Audio(URL.createObjectURL(await loadPreview.mutateAsync(id)));
      player.current = audio;
      await audio.play();
    } catch {
      showToast(t('video.music.previewFailed'), 'fail');
    }
  };
  const pick = (music: string) => onChange({ ...value, music });

  return (
    <section className="video-card" data-testid="music-picker">
      <h2 className="video-card__title">{t('video.music.title')}</h2>
      <div className="video-chips">
        <VideoChip
          pressed={value.music === NO_MUSIC}
          label={t('video.music.none')}
          onClick={() => pick(NO_MUSIC)}
          testId="bgm-none"
        />
        {bgms.map((b) => (
          <span key={b.value} className="video-row">
            <VideoChip
              pressed={value.music === b.value}
              label={`${b.label} · ${b.mood}`}
              onClick={() => pick(b.value)}
              testId={`bgm-${b.value}`}
            />
            <button
              type="button"
              className="video-button video-button--ghost"
              data-testid={`bgm-preview-${b.value}`}
              aria-label={t('video.music.previewOf', { name: b.label })}
              onClick={() => void preview(b.value)}
            >
              {t('video.music.preview')}
            </button>
          </span>
        ))}
        <span className="video-row">
          <VideoChip
            pressed={value.music === OWN_MUSIC}
            label={value.own ? t('video.music.own', { name: value.own.name ?? '' }) : t('video.music.upload')}
            onClick={() => (value.own ? pick(OWN_MUSIC) : fileInput.current?.click())}
            testId="bgm-own"
            disabled={uploadOwn.isPending}
          />
          {value.own ? (
            <button
              type="button"
              className="video-button video-button--ghost"
              data-testid="bgm-own-replace"
              onClick={() => fileInput.current?.click()}
            >
              {t('video.music.replace')}
            </button>
          ) : null}
        </span>
        <input
          ref={fileInput}
          type="file"
          accept="audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a"
          hidden
          data-testid="bgm-own-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) uploadOwn.mutate(file);
          }}
        />
      </div>
      <p className="video-muted">{uploadOwn.isPending ? t('toast.uploading') : t('video.music.ownRule')}</p>
      <label className="video-row video-muted">
        {t('video.music.voiceVolume', { percent: sliderToVolume(value.voiceSlider) })}
        <RangeSlider
          value={value.voiceSlider}
          testId="voice-volume"
          onChange={(voiceSlider) => onChange({ ...value, voiceSlider })}
        />
      </label>
      <label className="video-row video-muted">
        {t('video.music.musicVolume', { percent: sliderToVolume(value.musicSlider) })}
        <RangeSlider
          value={value.musicSlider}
          testId="music-volume"
          onChange={(musicSlider) => onChange({ ...value, musicSlider })}
        />
      </label>
    </section>
  );
}
