import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TtsTask } from '@app/contract';
import { ProgressBar } from '../../../shared/ui/progress-bar';

/** A job's progress bar with its state in words. */
export function TaskProgress({ task }: { task: Pick<TtsTask, 'status' | 'progress'> }) {
  const { t } = useTranslation();
  return (
    <div className="voice-progress" data-testid="task-progress" data-status={task.status}>
      <ProgressBar className="voice-progress__bar" percent={task.progress} />
      <span className="voice-progress__label">
        {task.status === 'running'
          ? t('voice.progress', { progress: task.progress })
          : t(`voice.status.${task.status}`)}
      </span>
    </div>
  );
}

/** What a task shows by state: its result once succeeded, the reason once failed, else its progress. */
export function TaskOutcome({
  task,
  children,
}: {
  task: Pick<TtsTask, 'status' | 'progress' | 'errorMessage'>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (task.status === 'succeeded') return <>{children}</>;
  if (task.status === 'failed') {
    return (
      <p className="voice-error" data-testid="task-failed">
        {task.errorMessage ?? t('voice.result.failed')}
      </p>
    );
  }
  return <TaskProgress task={task} />;
}

/** A panel's foot: the last input error, the button that starts the task (off while one runs). */
export function TaskSubmit({
  error,
  busy,
  testId,
  label,
  onSubmit,
}: {
  error: string | null;
  busy: boolean;
  testId: string;
  label: string;
  onSubmit: () => void;
}) {
  return (
    <>
      {error ? (
        <p className="voice-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="voice-button" data-testid={testId} disabled={busy} onClick={onSubmit}>
        {label}
      </button>
    </>
  );
}

/** The task of a panel under its title: progress, the reason it failed, or (children) what it made. */
export function TaskResult({
  task,
  testId,
  title,
  children,
}: {
  task: Pick<TtsTask, 'status' | 'progress' | 'errorMessage'>;
  testId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="voice-result" data-testid={testId} data-status={task.status}>
      <h3 className="voice-heading">{title}</h3>
      <TaskOutcome task={task}>{children}</TaskOutcome>
    </section>
  );
}
