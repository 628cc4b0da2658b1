import { DELETED_USER_NICKNAME, defaultNickNameDigits } from '@app/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A person's name as the reader sees it. The server names every deleted account with one placeholder, and every
 * new account 用户 and its phone's last four digits (lists of works and comments are cached for all readers alike);
 * both are shown in the reader's language (User 5009).
 */
export const personName = (t: (key: string, options?: Record<string, unknown>) => string, name: string): string => {
  if (name === DELETED_USER_NICKNAME) return t('common.deletedUser');
  const digits = defaultNickNameDigits(name);
  return digits === null ? name : t('common.defaultNickName', { digits }).trim();
};

export const usePersonName = () => {
  const { t } = useTranslation();
  return useCallback((name: string) => personName(t, name), [t]);
};
