import type { FieldCheck } from '../../../shared/lib/validate';

/** Password login accepts a phone or an account name. */
export const checkAccount: FieldCheck = (value) => (value.trim() ? undefined : 'user.error.accountRequired');
