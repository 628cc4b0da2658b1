import { DELETED_USER_NICKNAME } from '@app/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A person's name as the reader sees it. The server names every deleted account with one placeholder (lists of
 * works and comments are cached for all readers alike); it is shown in the reader's language.
 */
export const usePersonName = () => {
  const { t } = useTranslation();
  return useCallback((name: string) => (name === DELETED_USER_NICKNAME ? t('common.deletedUser') : name), [t]);
};
