import { SocketState, TransportCode, hubEvents, hubMethods, hubPath } from '@app/contract';
import type { ForceOfflinePayload, HubMethodName, ReceiveMessagePayload, UnreadCountPayload } from '@app/contract';
import type { HubConnection, IRetryPolicy, RetryContext } from '@microsoft/signalr';
import { API_BASE } from '../config/app';
import { t } from '../i18n';
import { useAppStore } from './app-store';
import { reportError } from './error-report';

/**
 * The realtime hub connection (spec §4 realtime socket; the rules in
 * packages/contract/src/hub-events.ts): the official `@microsoft/signalr` client, loaded on demand, with the
 * session's access token; reconnect 1 s after a loss, one attempt at a time, until the server refuses the
 * token (401) or says not to; keep-alive every 3 s, server timeout 30 s. Its state is `socketState` in the
 * app store: 1 connecting, 2 connected, 3 authenticated (a user-only call answered), 4 closed, 5 error.
 */
export const RECONNECT_DELAY_MS = 1000;
export const KEEP_ALIVE_MS = 3000;
export const SERVER_TIMEOUT_MS = 30_000;

/** A refused token (HTTP 401 at negotiate or upgrade): reconnecting will not help. */
export const isUnauthorized = (error: unknown): boolean => {
  if (!error) return false;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 401 || status === 403) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /\b401\b|unauthori[sz]ed/i.test(message);
};

/**
 * Spec §8's framework transport codes of the socket: 600009 when connecting fails, 10002 when something is sent
 * while the socket is not open. Both are logged and reported (the error report) where they happen.
 */
export class SocketError extends Error {
  constructor(
    readonly code: (typeof TransportCode)['SocketConnectFailure' | 'SocketSendNotOpen'],
    override readonly cause?: unknown,
  ) {
    super(
      code === TransportCode.SocketConnectFailure
        ? t('request.socketConnectFailed', { code })
        : t('request.socketNotOpen', { code }),
    );
    this.name = 'SocketError';
  }
}

const reportSocketError = (error: SocketError): void => {
  console.warn(`[realtime] code ${error.code}: ${error.message}`, error.cause ?? '');
  void reportError(error, 'manual');
};

/** Calls a hub method on `connection`; refused with 10002 (reported) when the socket is not open. */
export const invokeOn = async <T>(connection: HubConnection | undefined, method: HubMethodName, ...args: unknown[]): Promise<T> => {
  if (!connection || connection.state !== 'Connected') {
    const error = new SocketError(TransportCode.SocketSendNotOpen);
    reportSocketError(error);
    throw error;
  }
  return connection.invoke<T>(method, ...args);
};

/** 1 s after each failed attempt, forever, except when the token was refused or there is no session. */
export const createRetryPolicy = (hasSession: () => boolean = () => Boolean(useAppStore.getState().session)): IRetryPolicy => ({
  nextRetryDelayInMilliseconds: (context: RetryContext) =>
    hasSession() && !isUnauthorized(context.retryReason) ? RECONNECT_DELAY_MS : null,
});

/** SignalR's HubConnectionState (its string values) → the app's SocketState. */
export const toSocketState = (hubState: string, options: { authenticated?: boolean; error?: boolean } = {}): SocketState => {
  switch (hubState) {
    case 'Connecting':
    case 'Reconnecting':
      return SocketState.Connecting;
    case 'Connected':
      return options.authenticated ? SocketState.Authenticated : SocketState.Connected;
    default:
      return options.error ? SocketState.Error : SocketState.Closed;
  }
};

export interface RealtimeHandlers {
  onMessage(message: ReceiveMessagePayload): void;
  onUnread(count: number): void;
  onForceOffline(payload: ForceOfflinePayload): void;
  /** Any other event (JobProgress, order_paid): for the features that listen. */
  onEvent?(name: string, payload: unknown): void;
}

export interface RealtimeHandle {
  connection: HubConnection;
  stop(): Promise<void>;
}

type HubListener = (payload: unknown) => void;
const listeners = new Map<string, Set<HubListener>>();

/**
 * Listen to a hub event of the live connection (e.g. `hubEvents.jobProgress`, `hubEvents.orderPaid`) from any
 * feature; returns the unsubscribe function. Importing this does not load the SignalR client.
 */
export const subscribeHubEvent = (name: string, listener: HubListener): (() => void) => {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
};

/** Delivers one event to the subscribers (exported for tests). */
export const dispatchHubEvent = (name: string, payload: unknown): void => {
  for (const listener of listeners.get(name) ?? []) listener(payload);
};

let current: RealtimeHandle | undefined;

/**
 * What a pushed message says, in the app's language: its title (else its content) from the translations it
 * brings, else as stored (zh-Hans).
 */
export const pushedMessageText = (message: ReceiveMessagePayload): string => {
  const language = useAppStore.getState().language;
  const texts = language === 'zh-Hans' ? undefined : message.translations?.[language];
  return texts?.title || message.title || texts?.content || message.content;
};

/** Calls a hub method on the live connection (10002 when there is none open). */
export const invokeHub = <T>(method: HubMethodName, ...args: unknown[]): Promise<T> =>
  invokeOn<T>(current?.connection, method, ...args);

/** Connects (the first attempt too is retried every second until it works or the token is refused). */
export const startRealtime = async (handlers: RealtimeHandlers): Promise<RealtimeHandle> => {
  const signalr = await import('@microsoft/signalr');
  const store = useAppStore.getState;
  const policy = createRetryPolicy();
  const connection = new signalr.HubConnectionBuilder()
    .withUrl(`${API_BASE}${hubPath}`, { accessTokenFactory: () => store().session?.accessToken ?? '' })
    .withAutomaticReconnect(policy)
    .configureLogging(signalr.LogLevel.Warning)
    .build();
  connection.keepAliveIntervalInMilliseconds = KEEP_ALIVE_MS;
  connection.serverTimeoutInMilliseconds = SERVER_TIMEOUT_MS;

  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const setState = (state: SocketState) => {
    if (!stopped) store().setSocketState(state);
  };

  connection.on(hubEvents.receiveMessage, (payload: ReceiveMessagePayload) => handlers.onMessage(payload));
  connection.on(hubEvents.unreadCount, (payload: UnreadCountPayload) => handlers.onUnread(payload.unread));
  connection.on(hubEvents.forceOffline, (payload: ForceOfflinePayload) => {
    stopped = true;
    store().setSocketState(SocketState.Closed);
    handlers.onForceOffline(payload);
  });
  for (const name of [hubEvents.jobProgress, hubEvents.orderPaid, hubEvents.receiveMessage, hubEvents.unreadCount]) {
    connection.on(name, (payload: unknown) => {
      dispatchHubEvent(name, payload);
      if (name === hubEvents.jobProgress || name === hubEvents.orderPaid) handlers.onEvent?.(name, payload);
    });
  }

  /** Authenticated = a user-only method answered; it also brings the unread count up to date. */
  const authenticate = async () => {
    try {
      const result = await invokeOn<UnreadCountPayload>(connection, hubMethods.getUnreadCount.name);
      handlers.onUnread(result.unread);
      setState(toSocketState(connection.state, { authenticated: true }));
    } catch {
      setState(toSocketState(connection.state));
    }
  };

  connection.onreconnecting(() => setState(SocketState.Connecting));
  connection.onreconnected(() => {
    setState(SocketState.Connected);
    void authenticate();
  });
  connection.onclose((error) => setState(toSocketState('Disconnected', { error: Boolean(error) })));

  const attempt = async (previous: number, reason?: Error): Promise<void> => {
    if (stopped) return;
    if (previous > 0) {
      const delay = policy.nextRetryDelayInMilliseconds({ previousRetryCount: previous - 1, elapsedMilliseconds: 0, retryReason: reason ?? new Error('start failed') });
      if (delay === null) {
        setState(SocketState.Error);
        return;
      }
      await new Promise<void>((resolve) => {
        retryTimer = setTimeout(resolve, delay);
      });
      if (stopped) return;
    }
    setState(SocketState.Connecting);
    try {
      await connection.start();
      setState(SocketState.Connected);
      await authenticate();
    } catch (error) {
      setState(SocketState.Error);
      // The first failure of a run of attempts is reported (600009); the retries every second are not.
      if (previous === 0 && !stopped) reportSocketError(new SocketError(TransportCode.SocketConnectFailure, error));
      await attempt(previous + 1, error instanceof Error ? error : new Error(String(error)));
    }
  };
  void attempt(0);

  const handle: RealtimeHandle = {
    connection,
    async stop() {
      stopped = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      if (current === handle) current = undefined;
      await connection.stop().catch(() => undefined);
      store().setSocketState(SocketState.Closed);
    },
  };
  current = handle;
  return handle;
};
