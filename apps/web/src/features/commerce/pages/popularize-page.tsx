import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { ambassadorKey, applyAmbassador, getAmbassadorQueryOptions } from '../api/commerce';
import { TaskReward } from '../components/task-reward';
import '../commerce.css';

const FIELDS = [
  { name: 'platform', label: 'commerce.platform', placeholder: 'commerce.platformPlaceholder' },
  { name: 'accountName', label: 'commerce.accountName', placeholder: 'commerce.accountNamePlaceholder' },
  { name: 'followers', label: 'commerce.followers', placeholder: '' },
  { name: 'contact', label: 'commerce.contact', placeholder: 'commerce.contactPlaceholder' },
  { name: 'reason', label: 'commerce.applyReason', placeholder: '' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];

/** Spec §2 seeding ambassador: apply (again after a rejection), then the tasks with upload / result / reward. */
export function PopularizePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery(getAmbassadorQueryOptions());
  const [values, setValues] = useState<Record<FieldName, string>>({ platform: '', accountName: '', followers: '', contact: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const [reapply, setReapply] = useState(false);

  if (info.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (info.isError)
    return <LoadFailed title={t('commerce.loadFailed')} onRetry={() => void info.refetch()} />;
  const app = info.data.application;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const followers = Number(values.followers);
    if (!values.platform.trim() || !values.accountName.trim() || values.contact.trim().length < 3 || !Number.isInteger(followers) || followers < 0) {
      showToast(t('commerce.fillAll'), 'fail');
      return;
    }
    setBusy(true);
    const result = await applyAmbassador({ ...values, followers }).catch(() => null);
    setBusy(false);
    if (result) {
      setReapply(false);
      await queryClient.invalidateQueries({ queryKey: ambassadorKey });
    }
  };

  if (!app || reapply)
    return (
      <form className="vip-page" data-testid="popularize-apply" onSubmit={(e) => void submit(e)}>
        <section className="vip-card">
          <h2 className="vip-card__title">{t('commerce.applyTitle')}</h2>
          {FIELDS.map((f) => (
            <label className="vip-field" key={f.name}>
              <span>{t(f.label)}</span>
              <input
                className="vip-input"
                data-testid={`apply-${f.name}`}
                inputMode={f.name === 'followers' ? 'numeric' : undefined}
                placeholder={f.placeholder ? t(f.placeholder) : undefined}
                value={values[f.name]}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              />
            </label>
          ))}
        </section>
        <div className="vip-footer">
          <button type="submit" className="app-button" data-testid="apply-submit" disabled={busy}>
            {t('commerce.apply')}
          </button>
        </div>
      </form>
    );

  return (
    <div className="vip-page" data-testid="popularize-page">
      <section className="vip-card">
        <h2 className="vip-card__title" data-testid="application-state">
          {t(`commerce.appState.${app.state}`)}
        </h2>
        {app.state === 'rejected' ? (
          <>
            <p className="vip-pre">{t('commerce.appRejected', { note: app.reviewNote ?? '' })}</p>
            <button type="button" className="vip-link" onClick={() => setReapply(true)}>
              {t('commerce.reapply')}
            </button>
          </>
        ) : null}
      </section>
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.tasks')}</h2>
        {info.data.tasks.map(({ task, submission }) => (
          <div className="vip-card" key={task.id} data-testid={`task-${task.id}`}>
            <strong>{task.title}</strong>
            <p className="vip-pre">{task.description}</p>
            <ol className="vip-pre">
              {task.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            <TaskReward task={task} />
            <p>
              {app.state === 'approved' ? (
                <Link className="vip-link" to={`/pages/detail/screenshot?taskId=${task.id}`} data-testid={`upload-${task.id}`}>
                  {t('commerce.submitShots')}
                </Link>
              ) : null}{' '}
              {submission ? (
                <Link className="vip-link" to={`/pages/detail/result?taskId=${task.id}`}>
                  {t(`commerce.submissionState.${submission.state}`)} · {t('commerce.viewResult')}
                </Link>
              ) : null}{' '}
              {submission?.rewardState === 'claimable' ? (
                <Link className="vip-link" to={`/pages/detail/popularize-reward?submissionId=${submission.id}`}>
                  {t('commerce.claimReward')}
                </Link>
              ) : null}
            </p>
          </div>
        ))}
      </section>
    </div>
  );
}
