import type { TemplateField } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { FieldFoot } from './create-form';

interface TemplateFieldInputProps {
  field: TemplateField;
  value: string;
  error: string;
  onChange: (value: string) => void;
}

/** One field of a template's form: its label, a select, a text area or a line, and its message and length. */
export function TemplateFieldInput({ field: f, value, error, onChange }: TemplateFieldInputProps) {
  const { t } = useTranslation();
  const common = {
    id: `field-${f.name}`,
    'data-testid': `field-${f.name}`,
    className: 'temps-input',
    value,
    'aria-invalid': !!error,
  };
  return (
    <div className="temps-field">
      <label className="temps-field__label" htmlFor={`field-${f.name}`}>
        {f.label}
        {f.required ? <em className="temps-required">*</em> : null}
      </label>
      {f.type === 'select' ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('temps.choose')}</option>
          {/* The option is the value sent; what it shows is in the reader's language. */}
          {(f.options ?? []).map((o, i) => (
            <option key={o} value={o}>
              {f.optionLabels?.[i] ?? o}
            </option>
          ))}
        </select>
      ) : f.type === 'textarea' ? (
        <textarea {...common} rows={4} placeholder={f.placeholder} maxLength={f.maxLength} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" placeholder={f.placeholder} maxLength={f.maxLength} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldFoot error={error} length={f.type === 'select' ? undefined : value.length} max={f.maxLength} />
    </div>
  );
}
