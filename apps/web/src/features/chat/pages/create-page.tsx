import { CHAT_CONTENT_MAX, type ChatSendBody, type TemplateField } from '@app/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDraft } from '../../../shared/lib/use-draft';
import { ChatRun } from '../api/chat-run';
import { showRefusal } from '../lib/failure';
import { templateDetailQueryOptions, templateListOptions } from '../api/templates';
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

/**
 * Starts an answer and opens it on the copy page once the server accepted it (or shows why it did not);
 * `onStarted` runs first (the form's draft is sent).
 */
const useStartRun = (onStarted: () => void) => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async (body: ChatSendBody) => {
    setBusy(true);
    const run = new ChatRun(body);
    const started = await run.started;
    setBusy(false);
    if (started) {
      onStarted();
      void navigate(`/pages/detail/copy?messageId=${started.messageId}`);
      return;
    }
    const go = await showRefusal(run.state.refusal, run.state.errorMessage);
    if (go) void navigate(go);
  };
  return { busy, start };
};

const PICKER_SIZE = 6;

/** A few templates to start from, and the way to all of them. */
function TemplatePicker() {
  const { t } = useTranslation();
  const list = useInfiniteQuery(templateListOptions(undefined, ''));
  const items = (list.data?.pages[0]?.items ?? []).slice(0, PICKER_SIZE);
  return (
    <section className="temps-block" data-testid="create-picker">
      <h3 className="temps-block__head">{t('temps.pickTitle')}</h3>
      {items.length ? (
        <ul className="temps-picker">
          {items.map((tpl) => (
            <li key={tpl.id}>
              <Link className="temps-picker__item" to={`/pages/index/create/index?templateId=${tpl.id}`} data-testid="create-pick">
                {tpl.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link className="temps-picker__all" to="/pages/index/temps/index" data-testid="create-all-templates">
        {t('temps.allTemplates')}
      </Link>
    </section>
  );
}

/** Creation without a template (opened from the home grid): a free request, or a template to start from. */
function FreeCreate() {
  const { t } = useTranslation();
  const [text, setText, draft] = useDraft('create.free', '');
  const { busy, start } = useStartRun(draft.clear);
  const [error, setError] = useState('');
  return (
    <CreateForm
      busy={busy}
      onSubmit={() => {
        const content = text.trim();
        if (!content) {
          setError(t('temps.freeEmpty'));
          return;
        }
        void start({ content });
      }}
    >
      <section className="temps-block">
        <label className="temps-detail__title temps-free__title" htmlFor="create-free">
          {t('temps.freeTitle')}
        </label>
        <p className="temps-detail__desc">{t('temps.freeHint')}</p>
        <textarea
          id="create-free"
          data-testid="create-free"
          className="temps-input temps-free__input"
          rows={5}
          value={text}
          maxLength={CHAT_CONTENT_MAX}
          placeholder={t('temps.freePlaceholder')}
          aria-invalid={!!error}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
        />
        <FieldFoot error={error} length={text.length} max={CHAT_CONTENT_MAX} />
      </section>
      <TemplatePicker />
    </CreateForm>
  );
}

/** The creation form around either body (free or template): submitting it or its button generates. */
function CreateForm({ busy, onSubmit, children }: { busy: boolean; onSubmit: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form
      className="temps-create"
      data-testid="create-page"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="temps-footer">
        <button type="submit" className="app-button temps-footer__button" data-testid="create-generate" disabled={busy}>
          {busy ? t('chat.page.generating') : t('temps.generate')}
        </button>
      </div>
    </form>
  );
}

/** Under an input: its message (announced when it appears) and, for typed text, its length against the limit. */
function FieldFoot({ error, length, max }: { error: string; length?: number; max?: number }) {
  return (
    <div className="temps-field__foot">
      <span className="temps-field__error" role={error ? 'alert' : undefined}>
        {error}
      </span>
      {length === undefined ? null : (
        <span className="temps-field__count">
          {length}/{max}
        </span>
      )}
    </div>
  );
}

/**
 * Creation page `/pages/index/create/index?templateId=`: the template's form, or free creation and a template
 * picker when opened without one; generate streams into the copy page.
 */
export function CreatePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('templateId')) || 0;
  return id > 0 ? <TemplateCreate key={id} id={id} /> : <FreeCreate />;
}

function TemplateCreate({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useQuery(templateDetailQueryOptions(id));
  const [values, setValues, draft] = useDraft<Record<string, string>>(`create.template.${id}`, {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, start } = useStartRun(draft.clear);

  if (detail.isPending) return <p className="temps-status">{t('common.loading')}</p>;
  if (!detail.data)
    return (
      <EmptyState
        title={t('temps.notFound')}
        testId="temps-not-found"
        action={
          <Link className="app-button" to="/pages/index/temps/index">
            {t('temps.allTemplates')}
          </Link>
        }
      />
    );
  const tpl = detail.data;

  const generate = async () => {
    const found = checkFields(tpl.fields, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
    await start({ content: '', templateId: tpl.id, fields });
  };

  return (
    <CreateForm busy={busy} onSubmit={() => void generate()}>
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
                  {/* The option is the value sent; what it shows is in the reader's language. */}
                  {(f.options ?? []).map((o, i) => (
                    <option key={o} value={o}>
                      {f.optionLabels?.[i] ?? o}
                    </option>
                  ))}
                </select>
              ) : f.type === 'textarea' ? (
                <textarea {...common} rows={4} placeholder={f.placeholder} maxLength={f.maxLength} onChange={(e) => change(e.target.value)} />
              ) : (
                <input {...common} type="text" placeholder={f.placeholder} maxLength={f.maxLength} onChange={(e) => change(e.target.value)} />
              )}
              <FieldFoot
                error={errors[f.name] ?? ''}
                length={f.type === 'select' ? undefined : (values[f.name] ?? '').length}
                max={f.maxLength}
              />
            </div>
          );
        })}
      </section>
    </CreateForm>
  );
}
