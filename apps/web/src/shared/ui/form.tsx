import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';

/** A field's binding to one value of a `useForm` form (`form.field(key)`). */
export interface BoundField {
  name: string;
  value: string;
  onChange(value: string): void;
  /** The translated field message. */
  error?: string;
}

interface FieldProps extends BoundField, Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  label: string;
  /** Something beside the input (the send-code button). */
  extra?: ReactNode;
}

/** One labelled input with its field message underneath (testids: `<name>-input`, `<name>-error`). */
export function Field({ name, label, value, onChange, error, extra, ...input }: FieldProps) {
  const id = `field-${name}`;
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__row">
        <input
          id={id}
          name={name}
          className="form-field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`${name}-input`}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
        {extra}
      </div>
      {error ? (
        <p className="form-field__error" id={`${id}-error`} role="alert" data-testid={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input: hidden text, at most the 64 characters the contract accepts. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'maxLength'>) {
  return <Field {...props} type="password" maxLength={64} />;
}

export function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert" data-testid="form-error">
      {message}
    </p>
  ) : null;
}

export function SubmitButton({ busy, children, testId = 'submit' }: { busy: boolean; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="form-submit" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy ? t('common.loading') : children}
    </button>
  );
}
