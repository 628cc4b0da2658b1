import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TokenPair, UserBaseInfo } from '@app/contract';
import { baseInfoQueryKey } from '../../../shared/lib/session';
import { useForward } from '../../../shared/lib/forward';
import { useHomePath } from '../../../shared/lib/route-meta';
import { showToast } from '../../../shared/ui/feedback';
import { completeLogin } from '../api/login';

const DELETION_PATH = '/set/account/logout';

/** After a login: tokens in the session store, userInfo/baseInfo fetched, back where the user came from (or home). */
export const useFinishLogin = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const home = useHomePath();
  const forward = useForward();
  const { t } = useTranslation();
  return async (tokens: TokenPair, options: { guest?: boolean } = {}) => {
    await completeLogin(tokens, queryClient, { ...options, from: forward ?? home });
    // A visitor has not logged in: say what they have entered, not 登录成功.
    showToast(options.guest ? t('auth.guestEntered') : t('auth.loginSuccess'), options.guest ? undefined : 'success');
    // An account in its deletion's cooling-off period first sees the screen that offers to cancel it.
    const pendingDeletion = queryClient.getQueryData<UserBaseInfo>(baseInfoQueryKey)?.deletionDueAt;
    await navigate(pendingDeletion ? DELETION_PATH : (forward ?? home), { replace: true });
  };
};
