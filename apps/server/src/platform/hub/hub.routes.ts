import { randomBytes } from 'node:crypto';
import websocket from '@fastify/websocket';
import { hubPath, type Locale } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { createAccessVerifier } from '../auth/auth.plugin.js';
import { localeFromHeader } from '../i18n/i18n.js';
import { exceedsJsonDepth } from '../http/json-body.js';
import type { AuthContext } from '../auth/session.service.js';
import type { Platform } from '../platform.js';
import type { HubConnection, HubCore } from './hub.js';
import {
  checkHandshake,
  frame,
  MessageType,
  parseMessage,
  RecordReader,
  RECORD_SEPARATOR,
} from './signalr-protocol.js';

const HANDSHAKE_TIMEOUT_MS = 15_000;
const MAX_MESSAGE_CHARS = 64 * 1024;
/** Client invocations allowed per second per connection; more closes the connection. */
const MAX_INVOCATIONS_PER_SECOND = 30;
const PENDING_TTL_MS = 60_000;

const newId = () => randomBytes(16).toString('base64url');

/** The access token: `access_token` query (browsers) or `Authorization: Bearer` header (Node clients). */
const tokenOf = (req: FastifyRequest): string | null => {
  const query = req.query as Record<string, unknown>;
  const fromQuery = query.access_token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
};

/**
 * `/hubs/onlineUser`: SignalR negotiate and the WebSockets transport in front of the hub core.
 * The access token is verified fully (signature, expiry, session) at negotiate and again at the upgrade.
 */
export const registerHubRoutes = async (app: FastifyInstance, platform: Platform) => {
  const hub: HubCore = platform.hub;
  const verify = createAccessVerifier(platform);
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  // connectionToken → connectionId handed out by negotiate; the token is only bookkeeping, the access token
  // authenticates (so a connect that lands on another process without the entry still works).
  const pending = new Map<string, { connectionId: string; expiresAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [token, entry] of pending) if (entry.expiresAt < now) pending.delete(token);
  }, PENDING_TTL_MS);
  sweep.unref();
  const authOf = new WeakMap<FastifyRequest, AuthContext>();

  const authenticate = async (req: FastifyRequest): Promise<AuthContext | string> => {
    const token = tokenOf(req);
    if (!token) return 'unauthorized';
    const outcome = await verify(token);
    return typeof outcome === 'string' ? outcome : outcome.auth;
  };

  app.post(`${hubPath}/negotiate`, async (req, reply) => {
    const auth = await authenticate(req);
    if (typeof auth === 'string') return reply.code(401).send({ error: auth });
    const query = req.query as Record<string, unknown>;
    const version = Number(query.negotiateVersion ?? 0) >= 1 ? 1 : 0;
    const connectionId = newId();
    const availableTransports = [{ transport: 'WebSockets', transferFormats: ['Text'] }];
    if (version === 0) {
      pending.set(connectionId, { connectionId, expiresAt: Date.now() + PENDING_TTL_MS });
      return { negotiateVersion: 0, connectionId, availableTransports };
    }
    const connectionToken = newId();
    pending.set(connectionToken, { connectionId, expiresAt: Date.now() + PENDING_TTL_MS });
    return { negotiateVersion: 1, connectionId, connectionToken, availableTransports };
  });

  app.get(
    hubPath,
    {
      websocket: true,
      preValidation: async (req, reply) => {
        const auth = await authenticate(req);
        if (typeof auth === 'string') return reply.code(401).send({ error: auth });
        const id = (req.query as Record<string, unknown>).id;
        if (id !== undefined && (typeof id !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(id))) {
          return reply.code(400).send({ error: 'bad_connection_id' });
        }
        authOf.set(req, auth);
      },
    },
    (socket: WebSocket, req) => {
      const auth = authOf.get(req);
      if (!auth) {
        socket.close(1008);
        return;
      }
      const id = (req.query as Record<string, unknown>).id as string | undefined;
      const entry = id ? pending.get(id) : undefined;
      if (id) pending.delete(id);
      serveConnection(
        socket,
        entry?.connectionId ?? newId(),
        auth,
        localeFromHeader(req.headers['accept-language']),
      );
    },
  );

  const serveConnection = (socket: WebSocket, connectionId: string, auth: AuthContext, locale: Locale) => {
    const reader = new RecordReader(MAX_MESSAGE_CHARS);
    let handshaken = false;
    let closed = false;
    let windowStart = Date.now();
    let windowCount = 0;
    let queue: Promise<void> = Promise.resolve();

    const connection: HubConnection = {
      connectionId,
      auth,
      locale,
      lastHeardAt: Date.now(),
      sendText(text) {
        if (!closed && socket.readyState === socket.OPEN) socket.send(text);
      },
      close(error, allowReconnect) {
        if (closed) return;
        const message: Record<string, unknown> = { type: MessageType.Close, allowReconnect };
        if (error) message.error = error;
        if (handshaken) connection.sendText(frame(message));
        closed = true;
        hub.detach(connection);
        socket.close(1000);
      },
    };

    const handshakeTimer = setTimeout(() => {
      if (!handshaken) connection.close('Handshake was not received in time.', false);
    }, HANDSHAKE_TIMEOUT_MS);
    handshakeTimer.unref();

    const fail = (error: string) => connection.close(error, false);

    const handle = (record: string) => {
      if (!handshaken) {
        const error = checkHandshake(record);
        if (error) {
          socket.send(JSON.stringify({ error }) + RECORD_SEPARATOR);
          closed = true;
          socket.close(1000);
          return;
        }
        handshaken = true;
        clearTimeout(handshakeTimer);
        socket.send('{}' + RECORD_SEPARATOR);
        hub.attach(connection);
        return;
      }
      let message;
      try {
        // Nesting is bounded before parsing, as for HTTP bodies: arguments reach validation only shallow.
        if (exceedsJsonDepth(record)) throw new Error('nested too deeply');
        message = parseMessage(record);
      } catch {
        fail('Connection closed with an error. InvalidDataException: invalid hub message.');
        return;
      }
      switch (message.type) {
        case MessageType.Ping:
        case MessageType.Completion:
        case MessageType.CancelInvocation:
        case MessageType.StreamItem:
          return;
        case MessageType.Close:
          closed = true;
          hub.detach(connection);
          socket.close(1000);
          return;
        case MessageType.StreamInvocation:
          if (message.invocationId) {
            connection.sendText(
              frame({
                type: MessageType.Completion,
                invocationId: message.invocationId,
                error: 'Streaming is not supported by this hub.',
              }),
            );
          }
          return;
        case MessageType.Invocation: {
          const now = Date.now();
          if (now - windowStart >= 1000) {
            windowStart = now;
            windowCount = 0;
          }
          if (++windowCount > MAX_INVOCATIONS_PER_SECOND) {
            fail('Too many invocations.');
            return;
          }
          const { invocationId, target } = message;
          const args = message.arguments;
          const streaming = !!message.streamIds?.length;
          // One invocation at a time per connection (as ASP.NET's default), so completions keep order.
          queue = queue.then(async () => {
            const outcome = streaming
              ? { error: 'Client streaming is not supported by this hub.' }
              : await hub.invoke(connection, target, args);
            if (invocationId) {
              connection.sendText(frame({ type: MessageType.Completion, invocationId, ...outcome }));
            }
          });
          return;
        }
      }
    };

    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (closed) return;
      connection.lastHeardAt = Date.now();
      if (isBinary) {
        fail('Binary messages are not supported: use the json protocol.');
        return;
      }
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as ArrayBuffer).toString('utf8');
      let records: string[];
      try {
        records = reader.push(text);
      } catch {
        fail('Message too large.');
        return;
      }
      for (const record of records) {
        if (closed) return;
        handle(record);
      }
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(handshakeTimer);
      hub.detach(connection);
    });
    socket.on('error', () => {
      closed = true;
      hub.detach(connection);
    });
  };

  app.addHook('preClose', async () => {
    clearInterval(sweep);
    await hub.close();
  });
};
