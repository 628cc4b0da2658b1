import { TOAST_MS } from '../config/app';
import { t } from '../i18n';

/**
 * Toasts and notice dialogs for code outside components (API client, error handlers). antd-mobile's Toast
 * and Dialog are loaded on first use so that they cost nothing on the first screen.
 */
const loadToast = () => import('antd-mobile/es/components/toast');
const loadDialog = () => import('antd-mobile/es/components/dialog');

export type ToastIcon = 'success' | 'fail' | 'loading';

export const showToast = (content: string, icon?: ToastIcon): void => {
  if (!content) return;
  void loadToast().then(({ default: Toast }) => {
    Toast.show({ content, icon, duration: TOAST_MS });
  });
};

/** A notice dialog offering to repeat what failed; resolves true when the user chooses retry. */
export const confirmRetry = async (message: string): Promise<boolean> => {
  const { default: Dialog } = await loadDialog();
  return Dialog.confirm({
    title: t('common.systemNotice'),
    content: t('request.retryQuestion', { message }),
    confirmText: t('common.retry'),
    cancelText: t('common.cancel'),
  });
};

/** Spec §6 guest-mode notice with a way to log in; resolves true when the guest chooses to log in. */
export const confirmGuestLogin = async (): Promise<boolean> => {
  // The text is app_tips' guestTip (loaded with the dialog, not with the first screen).
  const [{ default: Dialog }, { loadTip }] = await Promise.all([loadDialog(), import('../lib/tips')]);
  return Dialog.confirm({
    title: t('common.systemNotice'),
    content: await loadTip('guestTip', t('common.guestNotice')),
    confirmText: t('common.guestLogin'),
    cancelText: t('common.cancel'),
  });
};

/** A notice with a single "I know" button. */
export const showNotice = async (content: string, title = t('common.systemNotice')): Promise<void> => {
  const { default: Dialog } = await loadDialog();
  await Dialog.alert({ title, content, confirmText: t('common.knowIt') });
};

/** Logging out asks first (one tap on a red button should not end the session); resolves true to log out. */
export const confirmLogout = async (): Promise<boolean> => {
  const { default: Dialog } = await loadDialog();
  return Dialog.confirm({
    title: t('common.systemNotice'),
    content: t('settings.logoutConfirm'),
    confirmText: t('settings.logoutSession'),
    cancelText: t('common.cancel'),
  });
};
