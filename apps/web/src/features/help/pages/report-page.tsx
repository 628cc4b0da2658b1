import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { useSubmitReport } from '../api/report';
import '../../../shared/ui/form.css';
import { FormError } from '../../../shared/ui/form';
import { ChoiceChips } from '../components/choice-chips';
import './help.css';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';

const TARGETS = ['user', 'article', 'drawing'] as const;
type Target = (typeof TARGETS)[number];
const isTarget = (value: string | null): value is Target => TARGETS.includes(value as Target);
const REASONS = ['spam', 'porn', 'abuse', 'illegal', 'fraud', 'infringement', 'other'] as const;

/**
 * Spec §2 report: a user, a piece of content or an AI drawing with a reason (`/api/sysReport/add`).
 * `?type=user|article|drawing&id=` prefill it (a profile, a work, a drawing's detail page).
 */
export function ReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get('type');
  const [target, setTarget] = useState<Target>(isTarget(type) ? type : 'user');
  const [targetId, setTargetId] = useState(params.get('id') ?? '');
  const [reason, setReason] = useState<(typeof REASONS)[number] | null>(null);
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = useSubmitReport();
  const send = () =>
    submit.mutate(
      {
        targetType: target,
        targetId: Number(targetId),
        reason: t(`helpCentre.report.reasons.${reason ?? 'other'}`),
        detail: detail.trim() || undefined,
      },
      {
        onSuccess: () => {
          showToast(t('helpCentre.report.sent'), 'success');
          void navigate(-1);
        },
      },
    );

  const onSubmit = () => {
    if (!/^\d+$/.test(targetId) || Number(targetId) <= 0) return setError(t('helpCentre.report.idInvalid'));
    if (!reason) return setError(t('helpCentre.report.reasonRequired'));
    setError(null);
    void checkTextBeforeSend(detail).then((problem) => (problem ? setError(problem) : send()));
  };

  return (
    <div className="form-page" data-testid="report-page">
      <div className="form-card">
        <ChoiceChips
          label={t('helpCentre.report.target')}
          options={TARGETS}
          value={target}
          onChange={setTarget}
          labelOf={(key) => t(`helpCentre.report.targets.${key}`)}
          testIdPrefix="report-target"
        />
        <label className="form-field">
          <span className="form-field__label">{t(`helpCentre.report.idLabel.${target}`)}</span>
          <input className="form-field__input" inputMode="numeric" data-testid="report-id" value={targetId} onChange={(e) => setTargetId(e.target.value.trim())} />
        </label>
        <ChoiceChips
          label={t('helpCentre.report.reason')}
          options={REASONS}
          value={reason}
          onChange={setReason}
          labelOf={(key) => t(`helpCentre.report.reasons.${key}`)}
          testIdPrefix="report-reason"
        />
        <label className="form-field">
          <span className="form-field__label">{t('helpCentre.report.detail')}</span>
          <textarea className="form-field__input help-textarea" maxLength={500} data-testid="report-detail" value={detail} placeholder={t('helpCentre.report.detailPlaceholder')} onChange={(e) => setDetail(e.target.value)} />
        </label>
        <FormError message={error ?? undefined} />
        <button type="button" className="form-submit" data-testid="report-submit" disabled={submit.isPending} onClick={onSubmit}>
          {t('helpCentre.report.submit')}
        </button>
      </div>
    </div>
  );
}
