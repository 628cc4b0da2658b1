import type { TemplateField } from '@app/contract';

/** A template form's messages by field name: required fields left empty, text over a field's length. */
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
