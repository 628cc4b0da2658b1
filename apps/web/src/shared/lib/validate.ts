import { isPassword, isPhone, isSmsCode } from '@app/contract';

/**
 * Form checks of spec §5 (the contract's validators), answered as i18n keys of the field message so a
 * form shows them before calling the server. `undefined` = the value is fine.
 */
export type FieldCheck = (value: string) => string | undefined;

export const checkPhone: FieldCheck = (value) => {
  const v = value.trim();
  if (!v) return 'form.error.phoneRequired';
  return isPhone(v) ? undefined : 'form.error.phoneInvalid';
};

export const checkSmsCode: FieldCheck = (value) => {
  const v = value.trim();
  if (!v) return 'form.error.codeRequired';
  return isSmsCode(v) ? undefined : 'form.error.codeInvalid';
};

export const checkPassword: FieldCheck = (value) => {
  if (!value) return 'form.error.passwordRequired';
  return isPassword(value) ? undefined : 'form.error.passwordInvalid';
};

export const checkRequiredPassword: FieldCheck = (value) => (value ? undefined : 'form.error.passwordRequired');

/** Runs the checks of a form; answers field → message key for the failing fields. */
export const checkAll = <K extends string>(values: Record<K, string>, checks: Partial<Record<K, FieldCheck>>): Partial<Record<K, string>> => {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key]?.(values[key] ?? '');
    if (message) errors[key] = message;
  }
  return errors;
};

/** The field a server error id belongs to (contract header comments of auth.ts, user.ts, real-name.ts). */
const FIELD_OF_ERROR: Record<string, string> = {
  sms_code_wrong: 'code',
  sms_code_expired: 'code',
  sms_code_exhausted: 'code',
  wrong_credentials: 'password',
  account_locked: 'password',
  phone_in_use: 'phone',
  phone_unchanged: 'phone',
  phone_not_registered: 'phone',
  old_password_wrong: 'oldPassword',
  invalid_real_name: 'realName',
  invalid_id_card: 'idCardNum',
};

export const fieldOfError = (error: string | undefined): string | undefined => (error ? FIELD_OF_ERROR[error] : undefined);
