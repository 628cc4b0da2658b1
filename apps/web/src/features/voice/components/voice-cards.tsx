import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoiceOption } from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { voicePreview } from '../api/voices';

/** Spec §9: a voice sample plays about three seconds. */
const PREVIEW_SECONDS = 3;

/** Voice cards from the tts_config_nam dictionary, each with a short sample to listen to. */
export function VoiceCards({
  voices,
  value,
  speed,
  onChange,
}: {
  voices: VoiceOption[];
  value: string | null;
  speed: number;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => () => audio.current?.pause(), []);

  const preview = async (voice: VoiceOption) => {
    audio.current?.pause();
    setPlaying(voice.value);
    try {
      const blob = await voicePreview(voice.value, speed);
      const url = URL.createObjectURL(blob);
      const player = new Audio(url);
      audio.current = player;
      const stop = () => {
        player.pause();
        URL.revokeObjectURL(url);
        setPlaying((current) => (current === voice.value ? null : current));
      };
      player.addEventListener('ended', stop);
      setTimeout(stop, PREVIEW_SECONDS * 1000);
      await player.play();
    } catch {
      setPlaying(null);
      showToast(t('voice.voices.previewFailed'), 'fail');
    }
  };

  return (
    <ul className="voice-cards" role="radiogroup" aria-label={t('voice.voices.title')}>
      {voices.map((voice) => (
        <li key={voice.value}>
          <div
            role="radio"
            tabIndex={0}
            aria-checked={value === voice.value}
            aria-disabled={!voice.available}
            className={`voice-card${value === voice.value ? ' voice-card--on' : ''}${voice.available ? '' : ' voice-card--off'}`}
            data-testid={`voice-${voice.value}`}
            onClick={() => voice.available && onChange(voice.value)}
            onKeyDown={(event) => event.key === 'Enter' && voice.available && onChange(voice.value)}
          >
            <p className="voice-card__name">{voice.label}</p>
            <p className="voice-card__tags">
              <span>{t(`voice.voices.gender.${voice.gender}`)}</span>
              {voice.vipOnly ? (
                <span className="voice-tag voice-tag--vip">{t('voice.voices.vip')}</span>
              ) : null}
              {voice.offline ? <span className="voice-tag">{t('voice.voices.offline')}</span> : null}
              {voice.available ? null : (
                <span className="voice-tag voice-tag--off">{t('voice.voices.unavailable')}</span>
              )}
            </p>
            <p className="voice-card__desc">{voice.description}</p>
            {voice.available ? (
              <button
                type="button"
                className="voice-card__play"
                data-testid={`voice-preview-${voice.value}`}
                aria-pressed={playing === voice.value}
                onClick={(event) => {
                  event.stopPropagation();
                  void preview(voice);
                }}
              >
                {playing === voice.value ? '♪' : '▶'} {t('voice.voices.preview')}
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
