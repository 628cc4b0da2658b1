import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The creation form around either body (free or template): submitting it or its button generates. */
export function CreateForm({ busy, onSubmit, children }: { busy: boolean; onSubmit: () => void; children: ReactNode }) {
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
export function FieldFoot({ error, length, max }: { error: string; length?: number; max?: number }) {
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
