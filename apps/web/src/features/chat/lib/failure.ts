import { t } from '../../../shared/i18n';
import type { ApiError } from '../../../shared/lib/api/api-error';
import { loadTip } from '../../../shared/lib/tips';
import { showToast } from '../../../shared/ui/feedback';
import { LOGIN_LINK, VIP_LINK } from '../api/chat';

/**
 * A question refused before streaming: quota used up → a dialog offering the member centre; a guest →
 * the login dialog; anything else → the usual toast. Returns where to go, if the user chose to.
 */
export const showRefusal = async (error: ApiError | undefined, message?: string): Promise<string | undefined> => {
  if (error?.error === 'question_quota_exceeded') {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const go = await Dialog.confirm({
      title: t('chat.quota.title'),
      // app_tips' questionLimitTip, else the server's message.
      content: await loadTip('questionLimitTip', error.message),
      confirmText: t('chat.quota.vip'),
      cancelText: t('common.cancel'),
    });
    return go ? VIP_LINK : undefined;
  }
  if (error?.error === 'guest_not_allowed') return (await askLogin()) ? LOGIN_LINK : undefined;
  showToast(error?.message ?? message ?? t('request.failed'), 'fail');
  return undefined;
};

/** Guests and logged-out visitors: asked to log in before their first question. */
export const askLogin = async (): Promise<boolean> => {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  return Dialog.confirm({
    title: t('chat.login.title'),
    content: t('chat.login.content'),
    confirmText: t('chat.login.confirm'),
    cancelText: t('common.cancel'),
  });
};
