import { loginNameError } from '@app/contract';
import type { FieldCheck } from '../../../shared/lib/validate';

/** Password login accepts a phone or an account name, and validates the one it is (spec §5). */
export const checkAccount: FieldCheck = (value) => {
  const v = value.trim();
  if (!v) return 'auth.error.accountRequired';
  const error = loginNameError(v);
  if (error === 'invalid_phone') return 'form.error.phoneInvalid';
  return error ? 'auth.error.accountInvalid' : undefined;
};
