import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../../../shared/lib/app-store';
import { isTokenValid } from '../../../shared/lib/token';

export const LOGIN_PATH = '/pages/user/login';

/** Whether the visitor has a usable session (access token, or a refresh token that can renew it). */
export const useLoggedIn = (): boolean => {
  const session = useAppStore((s) => s.session);
  return !!session && (isTokenValid(session.accessToken) || isTokenValid(session.refreshToken));
};

/**
 * Asks a logged-out visitor to log in; confirming goes to the login page, which comes back here
 * (`state.from`) once logged in. Resolves true only when the visitor is logged in already.
 */
export const useRequireLogin = () => {
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  return useCallback(async (): Promise<boolean> => {
    if (loggedIn) return true;
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const go = await Dialog.confirm({
      title: t('plaza.login.title'),
      content: t('plaza.login.content'),
      confirmText: t('plaza.login.confirm'),
      cancelText: t('common.cancel'),
    });
    if (go) void navigate(LOGIN_PATH, { state: { from: pathname + search } });
    return false;
  }, [loggedIn, navigate, pathname, search, t]);
};
