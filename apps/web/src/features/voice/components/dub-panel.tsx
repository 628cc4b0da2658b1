import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  applyReadingFixes,
  countBillableWords,
  sliderToSpeed,
  speedToSlider,
  stripDubMarks,
  TTS_DEFAULT_MAX_CHARS,
  type DubLine,
} from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { dubbingQueryOptions, previewLine, useAddDubbing } from '../api/dubbings';
import { useEditSubtitles } from '../api/edit-subtitles';
import { readingFixesQueryOptions } from '../api/readings';
import { asrCapabilitiesQueryOptions } from '../api/subtitles';
import { voiceOptionsQueryOptions } from '../api/voices';
import { useDubScript } from '../hooks/use-dub-script';
import { isPlainScript, nextSpeaker } from '../lib/dub-script';
import { BilingualExport } from './bilingual-export';
import { DubLineEditor } from './dub-line-editor';
import { saveAs } from './srt-file';
import { TaskResult, TaskSubmit } from './task-progress';
import { TimedLines } from './timed-lines';
import { VoiceCards } from './voice-cards';
import { RangeSlider } from '../../../shared/ui/range-slider';
import { VideoPlayer } from '../../../shared/ui/video-player';
import { DubAiNote } from './dub-ai-note';

/**
 * Spec §2 AI dubbing, grown into an editor (issue 30): lines with a speaker, a voice and a speed each, timed
 * pauses and reading fixes inline, a free preview of any line; voice cards and the speed slider set the selected
 * line. One plain line is sent as a plain text, anything more as a script.
 */
export function DubPanel({ initialText }: { initialText: string }) {
  const { t } = useTranslation();
  const options = useQuery(voiceOptionsQueryOptions());
  const fixes = useQuery(readingFixesQueryOptions());
  const capabilities = useQuery(asrCapabilitiesQueryOptions());
  const script = useDubScript(initialText);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);
  const task = useQuery({ ...dubbingQueryOptions(taskId ?? 0), enabled: taskId !== null });
  useEffect(() => () => player.current?.pause(), []);

  const voices = options.data?.voices ?? [];
  const fallback = voices.find((v) => v.available) ?? null;
  const voiceOf = (value: string) => voices.find((v) => v.value === value) ?? fallback;
  const { lines, selected } = script;
  const current = lines[selected] ?? lines[0]!;
  const voice = voiceOf(current.voice);
  const maxChars = voice?.maxChars ?? TTS_DEFAULT_MAX_CHARS;
  const plainTexts = lines.map((line) => stripDubMarks(line.text));
  const length = plainTexts.reduce((n, text) => n + [...text].length, 0);
  const words = plainTexts.reduce((n, text) => n + countBillableWords(text), 0);
  const price = options.data?.goldPerWord ?? 0;
  const asLines = (): DubLine[] =>
    lines.map(({ speaker, voice: value, speed, text }) => ({
      speaker: speaker.trim(),
      voice: voiceOf(value)?.value ?? '',
      speed,
      text: text.trim(),
    }));

  const generate = useAddDubbing();
  const saveSubtitles = useEditSubtitles();

  const onGenerate = () => {
    if (plainTexts.some((text) => !text.trim())) return setError(t('voice.needText'));
    if (!voice) return setError(t('voice.needVoice'));
    const tooLong = lines.find(
      (line, i) => [...plainTexts[i]!].length > (voiceOf(line.voice)?.maxChars ?? maxChars),
    );
    if (tooLong) return setError(t('voice.tooLong', { max: voiceOf(tooLong.voice)?.maxChars ?? maxChars }));
    setError(null);
    generate.mutate(
      isPlainScript(lines)
        ? { text: lines[0]!.text.trim(), voice: voice.value, speed: current.speed }
        : { lines: asLines() },
      {
        onSuccess: (created) => {
          script.draft.clear();
          setTaskId(created.id);
        },
      },
    );
  };

  const preview = async (index: number) => {
    const line = asLines()[index]!;
    if (!stripDubMarks(line.text).trim()) return setError(t('voice.needText'));
    player.current?.pause();
    setPreviewing(index);
    try {
      const url = URL.createObjectURL(await previewLine(line));
      const audio = new Audio(url);
      player.current = audio;
      const stop = () => {
        URL.revokeObjectURL(url);
        setPreviewing((now) => (now === index ? null : now));
      };
      audio.addEventListener('ended', stop);
      audio.addEventListener('pause', stop);
      await audio.play();
    } catch {
      setPreviewing(null);
      showToast(t('voice.editor.previewFailed'), 'fail');
    }
  };

  const addLine = () => {
    const names: [string, string] = [t('voice.editor.speakerA'), t('voice.editor.speakerB')];
    if (!lines[0]!.speaker) script.update(0, { speaker: names[0] });
    const withFirst = lines[0]!.speaker ? lines : [{ ...lines[0]!, speaker: names[0] }, ...lines.slice(1)];
    const speaker = nextSpeaker(withFirst, names);
    const same = [...withFirst].reverse().find((l) => l.speaker === speaker);
    const lastVoice = voiceOf(lines[lines.length - 1]!.voice)?.value;
    const other = voices.find((v) => v.available && v.value !== lastVoice);
    script.add({ speaker, voice: same?.voice || other?.value || lastVoice || '', speed: 100, text: '' });
  };

  if (options.isPending) return <p className="voice-muted">{t('common.loading')}</p>;
  if (options.isError) {
    return <LoadFailed title={t('voice.list.loadFailed')} onRetry={() => void options.refetch()} />;
  }

  const result = task.data;
  const busy = generate.isPending || result?.status === 'queued' || result?.status === 'running';
  return (
    <div className="voice-panel" data-testid="dub-panel">
      <div className="voice-field">
        <span className="voice-field__label">{t('voice.text.label')}</span>
        {lines.map((line, index) => (
          <DubLineEditor
            key={line.key}
            line={line}
            index={index}
            selected={index === selected}
            voice={voiceOf(line.voice)}
            canRemove={lines.length > 1}
            previewing={previewing === index}
            onSelect={() => script.select(index)}
            onChange={(patch) => script.update(index, patch)}
            onBlur={() => {
              // My reading dictionary: the fixes I made before apply to this text too (shown as ruby).
              const fixed = applyReadingFixes(line.text, fixes.data?.items ?? []);
              if (fixed !== line.text) script.update(index, { text: fixed });
            }}
            onRemove={() => script.remove(index)}
            onPreview={() => void preview(index)}
          />
        ))}
        <div className="dub-line__tools">
          <button type="button" className="dub-chip" data-testid="dub-add-line" onClick={addLine}>
            ＋ {t('voice.editor.addLine')}
          </button>
          <span
            className={`voice-counter${length > maxChars * lines.length ? ' voice-counter--over' : ''}`}
            data-testid="dub-counter"
          >
            {t('voice.text.counter', { count: length, max: maxChars })}
          </span>
        </div>
      </div>

      <h3 className="voice-heading">
        {lines.length > 1
          ? t('voice.editor.voiceOf', { speaker: current.speaker || selected + 1 })
          : t('voice.voices.title')}
      </h3>
      <VoiceCards
        voices={voices}
        value={voice?.value ?? null}
        speed={current.speed}
        onChange={(value) => script.update(selected, { voice: value })}
      />

      <label className="voice-field voice-speed">
        <span className="voice-field__label">
          {t('voice.speed.label')}{' '}
          <strong data-testid="dub-speed">{t('voice.speed.value', { speed: current.speed })}</strong>
        </span>
        <RangeSlider
          value={speedToSlider(current.speed)}
          testId="dub-speed-slider"
          onChange={(slider) => script.update(selected, { speed: sliderToSpeed(slider) })}
        />
      </label>

      <DubAiNote />
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
          {result.status === 'succeeded' && result.segments.length ? (
            <TimedLines
              segments={result.segments}
              srt={result.srt}
              ass={result.ass}
              name={`dub-${result.id}`}
              onSave={(edited) => saveSubtitles.mutateAsync({ id: result.id, kind: 'tts', lines: edited })}
            >
              {capabilities.data?.translate ? (
                <BilingualExport id={result.id} kind="tts" name={`dub-${result.id}`} />
              ) : null}
            </TimedLines>
          ) : null}
        </TaskResult>
      ) : null}
    </div>
  );
}
