import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';
import { CONSOLE_KEY } from '../lib/query-keys';

/**
 * An operator action: runs the call, then refreshes every console table and count and says it is done; a
 * failure shows the server's message (in the operator's language) and changes nothing on screen.
 */
export const useConsoleAction = <V, R>(run: (variables: V) => Promise<R>, options: { silentError?: boolean } = {}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      void message.success(t('toast.done'));
      await queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] });
    },
    onError: (caught) => {
      if (!options.silentError) void message.error(errorMessage(caught));
    },
  });
};
