import {
  hubCloseReasons,
  hubEvents,
  hubMethods,
  type EndpointAuth,
  type HubEventName,
  type HubEventPayloads,
  type Locale,
  unstorableTextPaths,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { AuthContext, SessionService } from '../auth/session.service.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { translate } from '../i18n/i18n.js';
import '../i18n/base-messages.js';
import './hub.messages.js';
import {
  createLocalBackplane,
  createRedisBackplane,
  type Backplane,
  type BackplaneMessage,
} from './backplane.js';
import { frame, MessageType } from './signalr-protocol.js';

/** One open, handshaken hub connection, as the hub core sees it. */
export interface HubConnection {
  readonly connectionId: string;
  readonly auth: AuthContext;
  /** The caller's language (the upgrade request's Accept-Language): error completions are written in it. */
  readonly locale: Locale;
  /** When the client was last heard from (any frame). */
  lastHeardAt: number;
  /** Sends raw protocol text (one or more framed messages). */
  sendText(text: string): void;
  /** Sends a close message and closes the socket. */
  close(error: string | undefined, allowReconnect: boolean): void;
}

export interface HubMethodContext {
  auth: AuthContext;
  connectionId: string;
}

interface HubMethod {
  auth: Exclude<EndpointAuth, 'public'>;
  args?: z.ZodType<unknown[]>;
  handler: (ctx: HubMethodContext, args: unknown[]) => Promise<unknown>;
}

/** The hub as other services use it (`platform.hub`). */
export interface Hub {
  /** Pushes `event(payload)` to every connection of the user, on every API process. */
  sendToUser<E extends HubEventName>(uid: number, event: E, payload: HubEventPayloads[E]): Promise<void>;
  /**
   * Ends the user's connections: `ForceOffline({ reason })`, then a close message with
   * `allowReconnect: false`. Call it after revoking the user's sessions (password change, deletion).
   * `exceptSessionId` keeps the connections of the session that made the change.
   */
  forceOffline(uid: number, reason: string, options?: { exceptSessionId?: string }): Promise<void>;
  /** Distinct logged-in users connected, over every API process. */
  onlineCount(): Promise<number>;
  /** Adds a client-callable method; `auth` says who may call it (like an endpoint's auth). */
  registerMethod<A extends unknown[]>(
    name: string,
    auth: HubMethod['auth'],
    handler: (ctx: HubMethodContext, args: A) => Promise<unknown>,
    args?: z.ZodType<A>,
  ): void;
}

export interface HubCore extends Hub {
  readonly backplane: Backplane;
  attach(connection: HubConnection): void;
  detach(connection: HubConnection): void;
  /** Runs a client invocation; resolves to the completion fields (`result` or `error`). */
  invoke(
    connection: HubConnection,
    target: string,
    args: unknown[],
  ): Promise<{ result: unknown } | { error: string }>;
  /** Ticks keep-alive: pings, closes silent clients and revoked sessions. */
  tick(): Promise<void>;
  readonly connectionCount: number;
  close(): Promise<void>;
}

export interface HubOptions {
  clock: Clock;
  log: FastifyBaseLogger;
  /** True while the session exists and is not revoked (re-checked at each server ping). */
  isSessionActive: (sessionId: string) => Promise<boolean>;
  backplane?: Backplane;
  keepAliveMs: number;
  clientTimeoutMs: number;
  /** False in a worker process: the hub only publishes, it holds no connections and runs no timers. */
  serveConnections?: boolean;
}

/**
 * An error completion in the caller's language, with the stable error id at the end in parentheses (the official
 * client rejects `invoke` with an Error of this text; a page reacts to the id, a person reads the sentence).
 */
const refusal = (locale: Locale, id: string, params: Record<string, string | number> = {}) => ({
  error: `${translate(locale, id, params)} (${id})`,
});

const allowed = (auth: AuthContext, required: HubMethod['auth']): boolean => {
  if (required === 'visitor') return true;
  if (required === 'user') return !auth.isGuest;
  return auth.isAdmin;
};

export const createHub = (options: HubOptions): HubCore => {
  const backplane = options.backplane ?? createLocalBackplane();
  const byUser = new Map<number, Set<HubConnection>>();
  const all = new Set<HubConnection>();
  let closing: Promise<void> | undefined;
  const methods = new Map<string, HubMethod>();
  const serve = options.serveConnections ?? true;

  const invocationText = (event: string, payload: unknown) =>
    frame({ type: MessageType.Invocation, target: event, arguments: [payload] });

  const presenceChanged = () => {
    backplane.setOnline(byUser.keys()).catch((error: unknown) => {
      options.log.warn({ err: error }, 'hub: presence update failed');
    });
  };

  const offlineLocal = (uid: number, reason: string, exceptSessionId?: string) => {
    const connections = byUser.get(uid);
    if (!connections) return;
    const text = invocationText(hubEvents.forceOffline, {
      reason,
      time: options.clock.now().toISOString(),
    });
    for (const connection of [...connections]) {
      if (exceptSessionId && connection.auth.sessionId === exceptSessionId) continue;
      connection.sendText(text);
      connection.close(reason, false);
    }
  };

  const deliver = (message: BackplaneMessage) => {
    if (message.kind === 'send') {
      const connections = byUser.get(message.uid);
      if (!connections?.size) return;
      const text = invocationText(message.event, message.payload);
      for (const connection of connections) connection.sendText(text);
    } else {
      offlineLocal(message.uid, message.reason, message.exceptSessionId);
    }
  };
  if (serve) backplane.onMessage(deliver);

  const hub: HubCore = {
    backplane,
    get connectionCount() {
      return all.size;
    },

    async sendToUser(uid, event, payload) {
      if (!(uid > 0)) return;
      await backplane.publish({ kind: 'send', uid, event, payload });
    },

    async forceOffline(uid, reason, forceOptions = {}) {
      await backplane.publish({
        kind: 'offline',
        uid,
        reason,
        exceptSessionId: forceOptions.exceptSessionId,
      });
    },

    async onlineCount() {
      return backplane.onlineCount(new Set(byUser.keys()));
    },

    registerMethod(name, auth, handler, args) {
      if (methods.has(name)) throw new Error(`hub method ${name} is already registered`);
      methods.set(name, {
        auth,
        args: args as z.ZodType<unknown[]> | undefined,
        handler: handler as HubMethod['handler'],
      });
    },

    attach(connection) {
      all.add(connection);
      const uid = connection.auth.uid;
      if (uid > 0 && !connection.auth.isGuest) {
        let set = byUser.get(uid);
        if (!set) {
          set = new Set();
          byUser.set(uid, set);
          set.add(connection);
          presenceChanged();
        } else set.add(connection);
      }
    },

    detach(connection) {
      all.delete(connection);
      const set = byUser.get(connection.auth.uid);
      if (set?.delete(connection) && set.size === 0) {
        byUser.delete(connection.auth.uid);
        presenceChanged();
      }
    },

    async invoke(connection, target, args) {
      const { locale } = connection;
      const method = methods.get(target);
      if (!method) return refusal(locale, 'hub_method_not_found', { method: target });
      if (!allowed(connection.auth, method.auth)) return refusal(locale, 'forbidden');
      // Text PostgreSQL cannot store (NUL, a lone surrogate) is refused for every method, as for every route.
      if (unstorableTextPaths(args).length) return refusal(locale, 'validation_failed');
      let parsedArgs = args;
      if (method.args) {
        const parsed = method.args.safeParse(args);
        if (!parsed.success) return refusal(locale, 'validation_failed');
        parsedArgs = parsed.data;
      }
      try {
        const result = await method.handler(
          { auth: connection.auth, connectionId: connection.connectionId },
          parsedArgs,
        );
        return { result: result ?? null };
      } catch (error) {
        if (error instanceof AppError) return refusal(locale, error.id, error.params);
        options.log.error({ err: error, target }, 'hub method failed');
        return refusal(locale, 'internal_error');
      }
    },

    async tick() {
      const now = Date.now();
      const ping = frame({ type: MessageType.Ping });
      const sessions = new Map<string, HubConnection[]>();
      for (const connection of all) {
        if (now - connection.lastHeardAt > options.clientTimeoutMs) {
          connection.close(hubCloseReasons.timeout, true);
          continue;
        }
        connection.sendText(ping);
        const list = sessions.get(connection.auth.sessionId) ?? [];
        list.push(connection);
        sessions.set(connection.auth.sessionId, list);
      }
      await Promise.all(
        [...sessions].map(async ([sessionId, connections]) => {
          let active = true;
          try {
            active = await options.isSessionActive(sessionId);
          } catch (error) {
            options.log.warn({ err: error }, 'hub: session check failed');
          }
          if (active) return;
          const text = invocationText(hubEvents.forceOffline, {
            reason: hubCloseReasons.sessionRevoked,
            time: options.clock.now().toISOString(),
          });
          for (const connection of connections) {
            connection.sendText(text);
            connection.close(hubCloseReasons.sessionRevoked, false);
          }
        }),
      );
    },

    // Once: the API's hub routes close it before the platform's close asks again (the worker has only that).
    close() {
      return (closing ??= (async () => {
        clearInterval(timer);
        for (const connection of [...all]) connection.close(hubCloseReasons.serverShutdown, true);
        await backplane.close();
      })());
    },
  };

  let ticking = false;
  const timer = setInterval(() => {
    if (ticking || !all.size) return;
    ticking = true;
    void hub.tick().finally(() => {
      ticking = false;
    });
  }, options.keepAliveMs);
  timer.unref();
  if (!serve) clearInterval(timer);

  hub.registerMethod(hubMethods.ping.name, hubMethods.ping.auth, async () =>
    options.clock.now().toISOString(),
  );
  hub.registerMethod(hubMethods.getOnlineCount.name, hubMethods.getOnlineCount.auth, async () =>
    hub.onlineCount(),
  );
  return hub;
};

/** The hub of one process as configured: Redis backplane when REDIS_URL is set, in-process otherwise. */
export const createPlatformHub = (deps: {
  config: Config;
  sessions: SessionService;
  clock: Clock;
  log: FastifyBaseLogger;
  serveConnections?: boolean;
}): HubCore =>
  createHub({
    clock: deps.clock,
    log: deps.log,
    isSessionActive: (sessionId) => deps.sessions.isActive(sessionId),
    keepAliveMs: deps.config.HUB_KEEP_ALIVE_MS,
    clientTimeoutMs: deps.config.HUB_CLIENT_TIMEOUT_MS,
    serveConnections: deps.serveConnections,
    backplane: deps.config.REDIS_URL
      ? createRedisBackplane({
          url: deps.config.REDIS_URL,
          prefix: deps.config.REDIS_PREFIX,
          onError: (error) => deps.log.warn({ err: error }, 'hub: redis error'),
        })
      : undefined,
  });
