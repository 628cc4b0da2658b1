import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api/api-error';
import { showToast } from '../ui/feedback';
import { checkAll, fieldOfError, type FieldCheck } from './validate';

/**
 * State of a small form: values, translated field messages, a form-level message and the busy flag.
 * `submit` runs the spec §5 checks first (nothing is sent while a field is wrong), then the call; a server
 * error id that names a field (contract header comments) lands under that field, any other under the form.
 */
export const useForm = <K extends string>(initial: Record<K, string>, checks: Partial<Record<K, FieldCheck>>) => {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const setValue = (key: K) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setError = (key: string, message: string | undefined) => setErrors((e) => ({ ...e, [key]: message }));
  /** What a `Field` bound to one value needs: spread it (`<Field {...form.field('phone')} label=… />`). */
  const field = (key: K) => ({ name: key, value: values[key], onChange: setValue(key), error: errors[key] });

  const validate = (extra: Record<string, string | undefined> = {}): boolean => {
    const found = checkAll(values, checks) as Record<string, string | undefined>;
    const all = { ...found, ...extra };
    const translated = Object.fromEntries(Object.entries(all).filter(([, v]) => v).map(([k, v]) => [k, t(v!)]));
    setErrors(translated);
    setFormError(undefined);
    return Object.keys(translated).length === 0;
  };

  const run = async (action: () => Promise<void>, extraChecks?: Record<string, string | undefined>): Promise<void> => {
    if (busy || !validate(extraChecks)) return;
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      const message = isApiError(caught) ? caught.message : t('request.failed');
      const field = isApiError(caught) ? fieldOfError(caught.error) : undefined;
      if (field && field in values) setError(field, message);
      else {
        setFormError(message);
        showToast(message, 'fail');
      }
    } finally {
      setBusy(false);
    }
  };

  return { values, field, errors, setError, formError, busy, run };
};
