import { useTranslation } from 'react-i18next';
import type { VoiceOption } from '@app/contract';
import { RangeSlider } from '../../../shared/ui/range-slider';
import { VideoChoice } from './video-chip';

/** The voice the video speaks with (offline ones labelled, unavailable ones disabled) and its speed. */
export function VideoVoiceCard({
  voices,
  chosen,
  onChoose,
  slider,
  onSlide,
  speed,
}: {
  voices: VoiceOption[];
  chosen: string | undefined;
  onChoose: (voice: string) => void;
  /** The speed on the app's 0–100 slider, and the speed (%) it stands for. */
  slider: number;
  onSlide: (slider: number) => void;
  speed: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="video-card">
      <h2 className="video-card__title">{t('video.voice.title')}</h2>
      <VideoChoice
        value={chosen}
        options={voices.map((v) => ({
          value: v.value,
          label: v.offline ? `${v.label} · ${t('video.voice.offline')}` : v.label,
          disabled: !v.available,
        }))}
        onChange={onChoose}
        testId="voice"
      />
      <label className="video-row video-muted">
        {t('video.voice.speed', { speed })}
        <RangeSlider value={slider} testId="video-speed" onChange={onSlide} />
      </label>
    </section>
  );
}
