import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { t } from '../shared/i18n';
import { SocketState } from '@app/contract';
import { useAppStore } from '../shared/lib/app-store';
import { emitSessionEnded } from '../shared/lib/session-events';
import { retryWhenOnline } from '../shared/lib/online';
import { decodeToken, isGuest } from '../shared/lib/token';
import { showNotice, showToast } from '../shared/ui/feedback';
import { MESSAGES_QUERY_KEY } from '../shared/lib/message-keys';

/** After the first screen has painted: the realtime client and the statistics are not on its critical path. */
const AFTER_FIRST_PAINT_MS = 1500;

const pendingViews: { path: string; time: number }[] = [];

/** The logged-in (non-guest) user id, or undefined; the connection follows it, not every token renewal. */
const selectUserId = (state: ReturnType<typeof useAppStore.getState>): number | undefined => {
  const payload = decodeToken(state.session?.accessToken);
  if (!payload || isGuest(payload)) return undefined;
  return typeof payload.uid === 'number' ? payload.uid : -1;
};

/**
 * Platform services of the running app: the realtime hub while a user is logged in (ForceOffline →
 * session cleared, user index and a notice; ReceiveMessage → toast and fresh message queries; UnreadCount →
 * the badge), usage statistics of route changes and the start's dictionary version check. Rendered once by the app shell; renders nothing.
 */
export function PlatformServices() {
  const { pathname } = useLocation();
  const userId = useAppStore(selectUserId);
  const queryClient = useQueryClient();

  // The hub state on the root element too (`data-socket-state`), for styles and browser checks.
  useEffect(() => {
    const show = (state: number) => {
      document.documentElement.dataset.socketState = String(state);
    };
    show(useAppStore.getState().socketState);
    return useAppStore.subscribe((state) => show(state.socketState));
  }, []);

  // Dictionaries: the one `/versions` call of this start, refreshing the app config only when it changed.
  useEffect(() => {
    const timer = setTimeout(() => {
      void import('../shared/lib/app-config').then((m) => m.getAppConfig()).catch(() => undefined);
    }, AFTER_FIRST_PAINT_MS);
    return () => clearTimeout(timer);
  }, []);

  // Page views are noted at once and handed to the statistics module once it has loaded.
  useEffect(() => {
    pendingViews.push({ path: pathname, time: Date.now() });
    const timer = setTimeout(() => {
      void import('../shared/lib/stats')
        .then((m) => {
          for (const view of pendingViews.splice(0)) m.trackPage(view.path, view.time);
        })
        .catch(() => undefined);
    }, AFTER_FIRST_PAINT_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    if (userId === undefined) return undefined;
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    const timer = setTimeout(() => {
      void retryWhenOnline(() => import('../shared/lib/realtime'))
        .then((m) =>
          m.startRealtime({
            onMessage(message) {
              showToast(t('imMessage.newMessage', { title: m.pushedMessageText(message) }));
              void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
            },
            onUnread(count) {
              useAppStore.getState().setUnreadCount(count);
            },
            onForceOffline() {
              useAppStore.getState().clearSession();
              emitSessionEnded('expired');
              void showNotice(t('imMessage.forcedOffline'));
            },
          }),
        )
        .then((handle) => {
          if (cancelled) void handle.stop();
          else stop = () => handle.stop();
        })
        .catch(() => useAppStore.getState().setSocketState(SocketState.Error));
    }, AFTER_FIRST_PAINT_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      void stop?.();
    };
  }, [userId, queryClient]);

  return null;
}
