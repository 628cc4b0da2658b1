import { isIdCard } from '@app/contract';
import type { FieldCheck } from '../../../shared/lib/validate';

/** Mirrors the contract's realNameSchema (kept here so the page does not ship zod). */
const REAL_NAME_RE = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• .]{0,28}[\p{Script=Han}A-Za-z]$/u;
export const checkRealName: FieldCheck = (value) => {
  const v = value.trim();
  if (!v) return 'realName.error.nameRequired';
  return REAL_NAME_RE.test(v) ? undefined : 'realName.error.nameInvalid';
};

export const checkIdCard: FieldCheck = (value) => {
  const v = value.trim();
  if (!v) return 'realName.error.idRequired';
  return isIdCard(v) ? undefined : 'realName.error.idInvalid';
};
