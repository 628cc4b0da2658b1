import type { DeletionLosses } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { FormError } from '../../../shared/ui/form';
import { coolingOffDaysOf, getAppConfigQueryOptions } from '../../../shared/lib/app-config';
import { logout } from '../../../shared/lib/session';
import { useHomePath } from '../../../shared/lib/route-meta';
import { formatDate } from '../../../shared/lib/time';
import { useForm } from '../../../shared/lib/use-form';
import { checkSmsCode } from '../../../shared/lib/validate';
import { getDeletionLossesQueryOptions, requestDeletion, useCancelDeletion } from '../api/account-deletion';
import { DeletionLossList } from '../components/deletion-losses';
import { DeletionProofFields } from '../components/deletion-proof';
import { DeletionPending } from '../components/deletion-status';
import '../../../shared/ui/form.css';
import './account.css';

const USER_INDEX = '/pages/user/index';

/** The deletion notice text (locales), blocks separated by blank lines; `days` of cooling-off. */
function DeletionNotice({ days }: { days: number }) {
  const { t } = useTranslation();
  return (
    <section className="delete-notice" data-testid="deletion-notice">
      <h2>{t('users.deleteNoticeTitle')}</h2>
      {t('users.deleteNotice', { days })
        .split(/\n\s*\n/)
        .map((block, index) => (
          <p key={index}>{block}</p>
        ))}
    </section>
  );
}

/** Spec §2 notice of account deletion. */
export function LogoutKnownPage() {
  const config = useQuery(getAppConfigQueryOptions());
  return (
    <div className="form-page" data-testid="logout-known-page">
      <DeletionNotice days={coolingOffDaysOf(config.data)} />
    </div>
  );
}

/** The request: what is lost, the notice, a fresh proof, a tick and a confirmation; then the session ends. */
function DeletionForm({ losses }: { losses: DeletionLosses }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(false);
  const [method, setMethod] = useState<'code' | 'password'>(losses.proof.phone ? 'code' : 'password');
  const form = useForm(
    { code: '', password: '' },
    method === 'code' ? { code: checkSmsCode } : { password: (v) => (v ? undefined : 'users.deletion.passwordRequired') },
  );
  const blocked = losses.openOrders.length > 0;
  const canProve = losses.proof.phone !== null || losses.proof.password;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.run(async () => {
      const { default: Dialog } = await import('antd-mobile/es/components/dialog');
      const sure = await Dialog.confirm({
        title: t('users.deleteConfirmTitle'),
        content: t('users.deleteConfirm', { days: losses.coolingOffDays }),
        confirmText: t('users.deleteConfirmButton'),
        cancelText: t('common.cancel'),
      });
      if (!sure) return;
      const body = method === 'code' ? { code: form.values.code.trim() } : { password: form.values.password };
      const { dueAt } = await requestDeletion(body);
      // Every session has ended on the server: this one goes too, and the confirmation says what happens next.
      await logout(queryClient);
      await navigate(USER_INDEX, { replace: true });
      await Dialog.alert({
        title: t('users.deletion.requestedTitle'),
        content: <span data-testid="deletion-requested">{t('users.deletion.requestedText', { date: formatDate(dueAt) })}</span>,
        confirmText: t('users.deletion.requestedOk'),
      });
    });
  };

  return (
    <form className="form-page" data-testid="delete-account-page" noValidate onSubmit={handleSubmit}>
      <DeletionLossList losses={losses} />
      <DeletionNotice days={losses.coolingOffDays} />
      {canProve ? (
        <DeletionProofFields proof={losses.proof} form={form} method={method} onMethod={setMethod} />
      ) : (
        <p className="form-error" data-testid="deletion-no-proof">{t('users.deletion.noProof')}</p>
      )}
      <div className="form-agreement">
        <label className="form-agreement__label">
          <input type="checkbox" checked={agreed} data-testid="delete-agree" onChange={(e) => setAgreed(e.target.checked)} />
          <span>{t('users.deleteAgree')}</span>
        </label>
        <Link to="/set/account/logout-known">{t('title.logoutKnown')}</Link>
      </div>
      <FormError message={form.formError} />
      <button type="submit" className="form-submit form-submit--danger" disabled={!agreed || blocked || !canProve || form.busy} data-testid="delete-account">
        {form.busy ? t('common.loading') : t('users.deleteButton')}
      </button>
    </form>
  );
}

/** The screen a login in the cooling-off period lands on: cancel the deletion, or keep it and log out. */
function PendingDeletionScreen({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const home = useHomePath();
  const cancel = useCancelDeletion();
  const handleCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        showToast(t('users.deletion.canceled'), 'success');
        void navigate(home, { replace: true });
      },
    });
  const handleKeep = async () => {
    await logout(queryClient);
    await navigate(USER_INDEX, { replace: true });
  };
  return <DeletionPending dueAt={dueAt} busy={cancel.isPending} onCancel={handleCancel} onKeep={() => void handleKeep()} />;
}

/** Spec §2 delete account: a pending deletion offers to cancel; otherwise the request form. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const losses = useQuery(getDeletionLossesQueryOptions());
  if (losses.isPending) return <p className="form-page" data-testid="deletion-loading">{t('common.loading')}</p>;
  if (losses.isError) return <LoadFailed title={t('users.loadFailed')} onRetry={() => void losses.refetch()} />;
  if (losses.data.dueAt) return <PendingDeletionScreen dueAt={losses.data.dueAt} />;
  return <DeletionForm losses={losses.data} />;
}
