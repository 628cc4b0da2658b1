import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASR_AUDIO_MAX_SECONDS } from '@app/contract';
import { isRefusal } from '../../../shared/lib/refusal';
import { showToast } from '../../../shared/ui/feedback';
import { useEditSubtitles } from '../api/edit-subtitles';
import { asrCapabilitiesQueryOptions, subtitlesQueryOptions, useAddSubtitles } from '../api/subtitles';
import { voiceOptionsQueryOptions } from '../api/voices';
import { BilingualExport } from './bilingual-export';
import { TaskResult, TaskSubmit } from './task-progress';
import { TimedLines } from './timed-lines';
import { startWavRecording, type WavRecording } from './wav-recorder';

interface Clip {
  blob: Blob;
  label: string;
}

/** Spec §2 audio to subtitles: upload or record ≤ 30 s, the script for the offline engine, timed lines, SRT. */
export function SubtitlesPanel() {
  const { t } = useTranslation();
  // What this server can do with audio, known before the upload (transcribe, or align a script offline).
  const capabilities = useQuery(asrCapabilitiesQueryOptions());
  const list = useQuery(subtitlesQueryOptions());
  // Subtitles are free unless the operator prices them (per started minute of audio).
  const pricePerMinute = useQuery(voiceOptionsQueryOptions()).data?.goldPerSubtitleMinute ?? 0;
  const [clip, setClip] = useState<Clip | null>(null);
  const [script, setScript] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [recording, setRecording] = useState<{ handle: WavRecording; started: number } | null>(null);
  const [seconds, setSeconds] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const needsScript = capabilities.data ? !capabilities.data.transcribe : true;

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - recording.started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);
  useEffect(() => () => recording?.handle.cancel(), [recording]);

  const stop = async (handle: WavRecording, started: number) => {
    setRecording(null);
    const blob = await handle.stop();
    setClip({
      blob,
      label: t('voice.srt.recorded', {
        seconds: Math.min(ASR_AUDIO_MAX_SECONDS, Math.round((Date.now() - started) / 1000)),
      }),
    });
  };

  const record = async () => {
    if (recording) return void stop(recording.handle, recording.started);
    try {
      const started = Date.now();
      let handle: WavRecording | undefined = undefined;
      handle = await startWavRecording(ASR_AUDIO_MAX_SECONDS, () => handle && void stop(handle, started));
      setSeconds(0);
      setRecording({ handle, started });
    } catch (refusedOrMissing) {
      // The user (or the browser) refused the microphone: the "rejected" toast; the line says what is needed.
      if (isRefusal(refusedOrMissing)) showToast(t('toast.rejected'), 'fail');
      setError(t('voice.srt.noMic'));
    }
  };

  const submit = useAddSubtitles();
  const saveSubtitles = useEditSubtitles();

  const onSubmit = () => {
    if (!clip) return setError(t('voice.srt.needAudio'));
    if (needsScript && !script.trim()) return setError(t('voice.srt.needScript'));
    setError(null);
    submit.mutate({ file: clip.blob, text: script }, { onSuccess: (created) => setTaskId(created.id) });
  };

  const task = list.data?.items.find((item) => item.id === taskId) ?? submit.data;
  const busy = submit.isPending || task?.status === 'queued' || task?.status === 'running';
  return (
    <div className="voice-panel" data-testid="srt-panel">
      {capabilities.data ? (
        <p
          className="voice-capability"
          data-testid="srt-capability"
          data-transcribe={capabilities.data.transcribe}
        >
          {capabilities.data.transcribe ? t('voice.srt.canTranscribe') : t('voice.srt.canAlign')}
        </p>
      ) : null}
      <p className="voice-muted">{t('voice.srt.limit')}</p>
      {pricePerMinute > 0 ? (
        <p className="voice-muted" data-testid="srt-price">
          {t('voice.srt.price', { gold: pricePerMinute })}
        </p>
      ) : null}
      <div className="voice-actions">
        <button
          type="button"
          className="voice-button voice-button--ghost"
          data-testid="srt-pick"
          onClick={() => input.current?.click()}
        >
          {t('voice.srt.pick')}
        </button>
        <button
          type="button"
          className="voice-button voice-button--ghost"
          data-testid="srt-record"
          onClick={() => void record()}
        >
          {recording ? t('voice.srt.stop') : t('voice.srt.record')}
        </button>
        <input
          ref={input}
          type="file"
          accept="audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a"
          hidden
          data-testid="srt-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) setClip({ blob: file, label: t('voice.srt.chosen', { name: file.name }) });
          }}
        />
      </div>
      {recording ? <p className="voice-muted">{t('voice.srt.recording', { seconds })}</p> : null}
      {clip ? (
        <p className="voice-muted" data-testid="srt-clip">
          {clip.label}
        </p>
      ) : null}
      <label className="voice-field">
        <span className="voice-field__label">{t('voice.srt.script')}</span>
        <textarea
          className="voice-textarea"
          data-testid="srt-script"
          rows={4}
          value={script}
          placeholder={t('voice.srt.scriptPlaceholder')}
          onChange={(event) => setScript(event.target.value)}
        />
        <span className="voice-muted">
          {needsScript ? t('voice.srt.scriptHint') : t('voice.srt.scriptOptional')}
        </span>
      </label>
      <TaskSubmit
        error={error}
        busy={busy}
        testId="srt-submit"
        label={t('voice.srt.submit')}
        onSubmit={onSubmit}
      />

      {task ? (
        <TaskResult task={task} testId="srt-result" title={t('voice.srt.lines')}>
          {task.offline ? (
            <p className="voice-muted" data-testid="srt-offline">
              {t(task.text ? 'voice.srt.offline' : 'voice.srt.recognized')}
            </p>
          ) : null}
          <TimedLines
            segments={task.segments}
            srt={task.srt}
            name={`subtitles-${task.id}`}
            onSave={(lines) => saveSubtitles.mutateAsync({ id: task.id, kind: 'asr', lines })}
          >
            {task.status === 'succeeded' && capabilities.data?.translate ? (
              <BilingualExport id={task.id} kind="asr" name={`subtitles-${task.id}`} />
            ) : null}
          </TimedLines>
        </TaskResult>
      ) : null}
    </div>
  );
}
