import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countBillableWords, sliderToSpeed, speedToSlider, TTS_DEFAULT_MAX_CHARS } from '@app/contract';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { useDraft } from '../../../shared/lib/use-draft';
import { addDubbing, dubbingQueryOptions, voiceKeys, voiceOptionsQueryOptions } from '../api/voice';
import { saveAs } from './srt-file';
import { TaskResult, TaskSubmit } from './task-progress';
import { VoiceCards } from './voice-cards';
import { RangeSlider } from '../../../shared/ui/range-slider';
import { VideoPlayer } from '../../../shared/ui/video-player';

/** Spec §2 AI dubbing: text with counter, voice cards, speed slider (0–100 → 50–200 %), cost, progress, player. */
export function DubPanel({ initialText }: { initialText: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useQuery(voiceOptionsQueryOptions());
  // Text handed in (a copy, a link) wins; typed text is kept as a draft until it is dubbed.
  const [text, setText, draft] = useDraft('dub.text', initialText, { restore: !initialText });
  const [chosen, setChosen] = useState<string | null>(null);
  const [slider, setSlider] = useState(speedToSlider(100));
  const [taskId, setTaskId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const task = useQuery({ ...dubbingQueryOptions(taskId ?? 0), enabled: taskId !== null });

  const voices = options.data?.voices ?? [];
  const voice = voices.find((v) => v.value === chosen) ?? voices.find((v) => v.available) ?? null;
  const maxChars = voice?.maxChars ?? TTS_DEFAULT_MAX_CHARS;
  const length = [...text].length;
  const words = countBillableWords(text);
  const price = options.data?.goldPerWord ?? 0;
  const speed = sliderToSpeed(slider);

  const generate = useMutation({
    mutationFn: () => addDubbing({ text: text.trim(), voice: voice!.value, speed }),
    onSuccess: (created) => {
      draft.clear();
      setTaskId(created.id);
      queryClient.setQueryData(voiceKeys.dubbing(created.id), created);
      void queryClient.invalidateQueries({ queryKey: voiceKeys.dubbings });
    },
  });

  const onGenerate = () => {
    if (!text.trim()) return setError(t('voice.needText'));
    if (!voice) return setError(t('voice.needVoice'));
    if (length > maxChars) return setError(t('voice.tooLong', { max: maxChars }));
    setError(null);
    generate.mutate();
  };

  if (options.isPending) return <p className="voice-muted">{t('common.loading')}</p>;
  if (options.isError) {
    return (
      <LoadFailed title={t('voice.list.loadFailed')} onRetry={() => void options.refetch()} />
    );
  }

  const result = task.data;
  const busy = generate.isPending || result?.status === 'queued' || result?.status === 'running';
  return (
    <div className="voice-panel" data-testid="dub-panel">
      <label className="voice-field">
        <span className="voice-field__label">{t('voice.text.label')}</span>
        <textarea
          className="voice-textarea"
          data-testid="dub-text"
          value={text}
          placeholder={t('voice.text.placeholder')}
          rows={6}
          onChange={(event) => setText(event.target.value)}
        />
        <span
          className={`voice-counter${length > maxChars ? ' voice-counter--over' : ''}`}
          data-testid="dub-counter"
        >
          {t('voice.text.counter', { count: length, max: maxChars })}
        </span>
      </label>

      <h3 className="voice-heading">{t('voice.voices.title')}</h3>
      <VoiceCards voices={voices} value={voice?.value ?? null} speed={speed} onChange={setChosen} />

      <label className="voice-field voice-speed">
        <span className="voice-field__label">
          {t('voice.speed.label')}{' '}
          <strong data-testid="dub-speed">{t('voice.speed.value', { speed })}</strong>
        </span>
        <RangeSlider value={slider} testId="dub-speed-slider" onChange={setSlider} />
      </label>

      <p className="voice-cost" data-testid="dub-cost">
        {t('voice.cost', { gold: words * price, words, price })}
      </p>
      <TaskSubmit
        error={error}
        busy={busy}
        testId="dub-generate"
        label={t('voice.generate')}
        onSubmit={onGenerate}
      />

      {result ? (
        <TaskResult task={result} testId="dub-result" title={t('voice.result.title')}>
          {result.audioUrl ? <VideoPlayer audio src={result.audioUrl} testId="dub-player" /> : null}
          {result.offline ? (
            <p className="voice-muted" data-testid="dub-offline">
              {t('voice.result.offline')}
            </p>
          ) : null}
          <p className="voice-muted">
            {t('voice.seconds', { seconds: result.duration?.toFixed(1) })} ·{' '}
            {t('voice.gold', { gold: result.cost })}
          </p>
          <div className="voice-actions">
            <button
              type="button"
              className="voice-button voice-button--ghost"
              data-testid="dub-download"
              onClick={() => saveAs(result.audioUrl!, `dub-${result.id}.mp3`)}
            >
              {t('voice.result.download')}
            </button>
            <Link
              className="voice-button voice-button--ghost"
              data-testid="dub-to-video"
              to={`/media/video/index?text=${encodeURIComponent(result.text.slice(0, 1500))}`}
            >
              {t('voice.result.video')}
            </Link>
          </div>
        </TaskResult>
      ) : null}
    </div>
  );
}
