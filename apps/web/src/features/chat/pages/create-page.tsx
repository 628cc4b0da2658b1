import type { TemplateField } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ChatRun } from '../api/chat-run';
import { showRefusal } from '../lib/failure';
import { templateDetailQueryOptions } from '../api/templates';
import './templates.css';

export const checkFields = (
  fields: TemplateField[],
  values: Record<string, string>,
  t: (key: string, options?: Record<string, unknown>) => string,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const value = (values[f.name] ?? '').trim();
    if (f.required && !value) errors[f.name] = t('temps.required', { label: f.label });
    else if (value.length > f.maxLength) errors[f.name] = t('temps.tooLong', { label: f.label, max: f.maxLength });
  }
  return errors;
};

/** Creation page `/pages/index/create/index?templateId=`: the template's form; generate streams into the copy page. */
export function CreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('templateId')) || 0;
  const detail = useQuery(templateDetailQueryOptions(id));
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  if (detail.isPending && id > 0) return <p className="temps-status">{t('common.loading')}</p>;
  if (!detail.data) return <EmptyState title={t('temps.notFound')} testId="temps-not-found" />;
  const tpl = detail.data;

  const generate = async () => {
    const found = checkFields(tpl.fields, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const fields = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
    const run = new ChatRun({ content: '', templateId: tpl.id, fields });
    const start = await run.started;
    setBusy(false);
    if (start) {
      void navigate(`/pages/detail/copy?messageId=${start.messageId}`);
      return;
    }
    const go = await showRefusal(run.state.refusal, run.state.errorMessage);
    if (go) void navigate(go);
  };

  return (
    <form
      className="temps-create"
      data-testid="create-page"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void generate();
      }}
    >
      <section className="temps-block">
        <h2 className="temps-detail__title">{tpl.title}</h2>
        <p className="temps-detail__desc">{tpl.description}</p>
      </section>
      <section className="temps-block">
        {tpl.fields.map((f) => {
          const common = {
            id: `field-${f.name}`,
            'data-testid': `field-${f.name}`,
            className: 'temps-input',
            value: values[f.name] ?? '',
            'aria-invalid': !!errors[f.name],
          };
          const change = (v: string) => {
            setValues((old) => ({ ...old, [f.name]: v }));
            if (errors[f.name]) setErrors((old) => ({ ...old, [f.name]: '' }));
          };
          return (
            <div key={f.name} className="temps-field">
              <label className="temps-field__label" htmlFor={`field-${f.name}`}>
                {f.label}
                {f.required ? <em className="temps-required">*</em> : null}
              </label>
              {f.type === 'select' ? (
                <select {...common} onChange={(e) => change(e.target.value)}>
                  <option value="">{t('temps.choose')}</option>
                  {(f.options ?? []).map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : f.type === 'textarea' ? (
                <textarea {...common} rows={4} placeholder={f.placeholder} maxLength={f.maxLength} onChange={(e) => change(e.target.value)} />
              ) : (
                <input {...common} type="text" placeholder={f.placeholder} maxLength={f.maxLength} onChange={(e) => change(e.target.value)} />
              )}
              <div className="temps-field__foot">
                <span className="temps-field__error" role={errors[f.name] ? 'alert' : undefined}>
                  {errors[f.name] ?? ''}
                </span>
                {f.type === 'select' ? null : (
                  <span className="temps-field__count">
                    {(values[f.name] ?? '').length}/{f.maxLength}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </section>
      <div className="temps-footer">
        <button type="submit" className="app-button temps-footer__button" data-testid="create-generate" disabled={busy}>
          {busy ? t('chat.page.generating') : t('temps.generate')}
        </button>
      </div>
    </form>
  );
}
