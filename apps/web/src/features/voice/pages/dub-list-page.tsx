import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AsrTask, TtsTask } from '@app/contract';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { useVoiceProgress } from '../api/use-voice-progress';
import { useDeleteVoiceTask, type VoiceTaskKind } from '../api/delete-voice-task';
import { dubbingsQueryOptions } from '../api/dubbings';
import { subtitlesQueryOptions } from '../api/subtitles';
import { saveAs, saveSrt } from '../components/srt-file';
import { TaskOutcome } from '../components/task-progress';
import { TimedLines } from '../components/timed-lines';
import { Tabs } from '../../../shared/ui/tabs';
import '../components/voice.css';
import { VideoPlayer } from '../../../shared/ui/video-player';

type Tab = VoiceTaskKind;

/** Spec §2 /media/dub/list: my dubbings and subtitle tasks (play, download, copy, delete); pull to refresh. */
export function DubListPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('dub');
  useVoiceProgress();
  const dubbings = useQuery({ ...dubbingsQueryOptions(), enabled: tab === 'dub' });
  const subtitles = useQuery({ ...subtitlesQueryOptions(), enabled: tab === 'srt' });
  const remove = useDeleteVoiceTask();

  const confirmDelete = async (kind: Tab, id: number) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('voice.list.deleteTitle'),
      content: t('voice.list.deleteConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate({ kind, id }, { onSuccess: () => showToast(t('voice.list.deleted'), 'success') });
  };

  const query = tab === 'dub' ? dubbings : subtitles;
  const deleteButton = (kind: Tab, id: number) => (
    <button
      type="button"
      className="voice-button voice-button--ghost voice-button--danger"
      data-testid={`delete-${kind}-${id}`}
      disabled={remove.isPending}
      onClick={() => void confirmDelete(kind, id)}
    >
      {t('voice.list.delete')}
    </button>
  );

  const dubItem = (task: TtsTask) => (
    <li key={task.id} className="voice-item" data-testid={`dub-item-${task.id}`} data-status={task.status}>
      <p className="voice-item__text">{task.text}</p>
      <p className="voice-muted">
        {task.voiceLabel} · {t('voice.speed.value', { speed: task.speed })} · {formatDate(task.createTime)}
        {task.offline ? ` · ${t('voice.voices.offline')}` : ''}
      </p>
      <TaskOutcome task={task}>
        {task.audioUrl ? <VideoPlayer audio src={task.audioUrl} testId={`dub-audio-${task.id}`} /> : null}
      </TaskOutcome>
      <div className="voice-actions">
        {task.audioUrl ? (
          <button
            type="button"
            className="voice-button voice-button--ghost"
            onClick={() => saveAs(task.audioUrl!, `dub-${task.id}.mp3`)}
          >
            {t('voice.result.download')}
          </button>
        ) : null}
        {task.srt ? (
          <button
            type="button"
            className="voice-button voice-button--ghost"
            onClick={() => saveSrt(task.srt!, `dub-${task.id}.srt`)}
          >
            {t('voice.srt.download')}
          </button>
        ) : null}
        {deleteButton('dub', task.id)}
      </div>
    </li>
  );

  const srtItem = (task: AsrTask) => (
    <li key={task.id} className="voice-item" data-testid={`srt-item-${task.id}`} data-status={task.status}>
      <p className="voice-muted">
        {formatDate(task.createTime)} · {t('voice.seconds', { seconds: task.duration?.toFixed(1) ?? '-' })}
        {task.offline ? ` · ${t('voice.voices.offline')}` : ''}
      </p>
      {task.audioUrl ? <VideoPlayer audio src={task.audioUrl} testId={`srt-audio-${task.id}`} /> : null}
      <TaskOutcome task={task}>
        <TimedLines segments={task.segments} srt={task.srt} name={`subtitles-${task.id}`} />
      </TaskOutcome>
      <div className="voice-actions">{deleteButton('srt', task.id)}</div>
    </li>
  );

  return (
    <div className="voice-page" data-testid="dub-list-page">
      <Tabs
        className="voice-tabs"
        tabClassName="voice-tabs__tab"
        tabs={['dub', 'srt'] as const}
        value={tab}
        onChange={setTab}
        labelOf={(key) => t(`voice.list.tabs.${key}`)}
        testIdPrefix="list-tab"
      />
      {query.isPending ? (
        <p className="voice-muted">{t('common.loading')}</p>
      ) : query.isError ? (
        <LoadFailed title={t('voice.list.loadFailed')} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          title={tab === 'dub' ? t('voice.list.empty') : t('voice.list.srtEmpty')}
          testId={`${tab}-empty`}
          action={
            <Link className="app-button" to={tab === 'dub' ? '/media/dub/index' : '/media/dub/index?tab=srt'}>
              {t('voice.list.create')}
            </Link>
          }
        />
      ) : (
        <ul className="voice-list" data-testid={`${tab}-list`}>
          {tab === 'dub'
            ? (dubbings.data?.items ?? []).map(dubItem)
            : (subtitles.data?.items ?? []).map(srtItem)}
        </ul>
      )}
    </div>
  );
}
