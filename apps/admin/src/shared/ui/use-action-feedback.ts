import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';

/**
 * Tells the operator how an action went: "done" once it succeeded, the server's message (in the operator's
 * language) when it failed, unless the screen shows that itself (`silentError`: a dialog that stays open with
 * it). It wraps the action's promise and answers it unchanged, so what the page does next (close a drawer, keep
 * a dialog open) still follows it. A promise rather than mutate's own `onSuccess`: TanStack drops those callbacks
 * when the component that started the action unmounts before it settles (a drawer closed, a tab switched).
 */
export const useActionFeedback = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return <T>(action: Promise<T>, options: { silentError?: boolean } = {}): Promise<T> =>
    action.then(
      (result) => {
        void message.success(t('toast.done'));
        return result;
      },
      (caught: unknown) => {
        if (!options.silentError) void message.error(errorMessage(caught));
        throw caught;
      },
    );
};
