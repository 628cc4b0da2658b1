import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import { hubEvents, type ReceiveMessagePayload } from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { redisAnswers, redisUrl } from '../../test/redis.js';
import { createTestUser, sessionIdOf } from '../../test/tokens.js';
import { sleep, waitFor } from '../../test/wait.js';

const RS = '\u001e';
const message = (id: number): ReceiveMessagePayload => ({
  id,
  type: 'system',
  title: '系统通知',
  content: '欢迎使用',
  link: null,
  data: null,
  checked: false,
  senderId: null,
  peerId: null,
  receiveTime: '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
});

/** The ESM build finds no WebSocket in Node 20: hand it the `ws` class (an option the client reads). */
const clientOptions = (token: string, extra: IHttpConnectionOptions = {}): IHttpConnectionOptions =>
  ({
    accessTokenFactory: () => token,
    WebSocket,
    ...extra,
  }) as IHttpConnectionOptions;

const listen = async (app: TestApp) => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http://', '');
};

describe('realtime hub /hubs/onlineUser', () => {
  let app: TestApp;
  let host: string;
  const open: HubConnection[] = [];
  const sockets: WebSocket[] = [];

  const connect = async (
    token: string,
    options: {
      skipNegotiation?: boolean;
      keepAliveMs?: number;
      start?: boolean;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const connection = new HubConnectionBuilder()
      .withUrl(
        `http://${host}/hubs/onlineUser`,
        clientOptions(token, {
          ...(options.skipNegotiation
            ? { skipNegotiation: true, transport: HttpTransportType.WebSockets }
            : {}),
          ...(options.headers ? { headers: options.headers } : {}),
        }),
      )
      .configureLogging(LogLevel.None)
      .build();
    connection.keepAliveIntervalInMilliseconds = options.keepAliveMs ?? 100;
    connection.serverTimeoutInMilliseconds = 5000;
    open.push(connection);
    if (options.start !== false) await connection.start();
    return connection;
  };

  /** A raw WebSocket speaking the protocol by hand; collects every text frame it receives. */
  const rawSocket = async (token: string) => {
    const socket = new WebSocket(`ws://${host}/hubs/onlineUser?access_token=${encodeURIComponent(token)}`);
    sockets.push(socket);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return { socket, frames, text: () => frames.join('') };
  };

  beforeAll(async () => {
    app = await createTestApp({ HUB_KEEP_ALIVE_MS: 150, HUB_CLIENT_TIMEOUT_MS: 600, SEED_DEMO: false });
    app.platform.hub.registerMethod('OperatorsOnly', 'admin', async () => 'secret');
    app.platform.hub.registerMethod('Echo', 'user', async (_ctx, [n]) => n + 1, z.tuple([z.number()]));
    host = await listen(app);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    await app.close();
  });

  it('negotiates version 1 and connects over WebSockets with the official client', async () => {
    const user = await createTestUser(app);
    const res = await fetch(`http://${host}/hubs/onlineUser/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(body.connectionToken).toEqual(expect.any(String));
    expect(body.connectionToken).not.toBe(body.connectionId);

    const connection = await connect(user.accessToken);
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toEqual(expect.any(String));
    const now = await connection.invoke<string>('Ping');
    expect(Number.isNaN(Date.parse(now))).toBe(false);
    expect(await connection.invoke<number>('GetOnlineCount')).toBeGreaterThanOrEqual(1);
  });

  it('connects with negotiation skipped, the token in the access_token query', async () => {
    const user = await createTestUser(app);
    const connection = await connect(user.accessToken, { skipNegotiation: true });
    expect(await connection.invoke<string>('Ping')).toEqual(expect.any(String));
    const raw = await rawSocket(user.accessToken);
    raw.socket.send(`{"protocol":"json","version":1}${RS}`);
    await waitFor(() => raw.text().includes(`{}${RS}`), 5000);
  });

  it('refuses a bad token at negotiate and at the upgrade', async () => {
    const user = await createTestUser(app);
    const forged = user.accessToken.slice(0, -3) + (user.accessToken.endsWith('aaa') ? 'bbb' : 'aaa');
    for (const token of ['', 'not-a-jwt', forged]) {
      const res = await fetch(`http://${host}/hubs/onlineUser/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.status).toBe(401);
    }
    await expect((await connect(forged, { start: false })).start()).rejects.toThrow(/401/);
    await expect((await connect(forged, { skipNegotiation: true, start: false })).start()).rejects.toThrow();
    const upgrade = new WebSocket(`ws://${host}/hubs/onlineUser?access_token=${forged}`);
    const status = await new Promise<number>((resolve) => {
      upgrade.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      upgrade.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });

  it('refuses a revoked session and closes open connections when the session is revoked', async () => {
    const revoked = await createTestUser(app);
    await app.platform.sessions.revokeAllForUser(revoked.uid);
    await expect((await connect(revoked.accessToken, { start: false })).start()).rejects.toThrow(/401/);

    // Logout elsewhere: only the session is revoked; the next server ping notices and closes.
    const user = await createTestUser(app);
    const connection = await connect(user.accessToken);
    const forced: unknown[] = [];
    connection.on(hubEvents.forceOffline, (payload) => forced.push(payload));
    let closedWith: Error | undefined;
    connection.onclose((error) => {
      closedWith = error;
    });
    const sid = sessionIdOf(user.accessToken);
    await app.platform.sessions.revoke(sid);
    await waitFor(() => connection.state === HubConnectionState.Disconnected, 5000);
    expect(forced).toEqual([{ reason: 'session_revoked', time: expect.any(String) }]);
    expect(closedWith?.message).toMatch(/session_revoked/);
  });

  it('forceOffline ends every connection of a user except the session that asked', async () => {
    const user = await createTestUser(app);
    const other = await app.platform.sessions.start({ uid: user.uid, tenantId: 1, roles: ['user'] });
    const kept = await connect(user.accessToken);
    const ended = await connect(other.accessToken, { skipNegotiation: true });
    const reasons: unknown[] = [];
    ended.on(hubEvents.forceOffline, (payload: { reason: string }) => reasons.push(payload.reason));
    const keptSid = sessionIdOf(user.accessToken);
    await app.platform.sessions.revokeAllForUser(user.uid, keptSid);
    await app.platform.hub.forceOffline(user.uid, 'password_changed', { exceptSessionId: keptSid });
    await waitFor(() => ended.state === HubConnectionState.Disconnected, 5000);
    expect(reasons).toEqual(['password_changed']);
    await sleep(400);
    expect(kept.state).toBe(HubConnectionState.Connected);
  });

  it('pushes ReceiveMessage to every connection of the right user only', async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const a1 = await connect(alice.accessToken);
    const a2 = await connect(alice.accessToken, { skipNegotiation: true });
    const b1 = await connect(bob.accessToken);
    const got = { a1: [] as unknown[], a2: [] as unknown[], b1: [] as unknown[] };
    a1.on(hubEvents.receiveMessage, (m) => got.a1.push(m));
    a2.on(hubEvents.receiveMessage, (m) => got.a2.push(m));
    b1.on(hubEvents.receiveMessage, (m) => got.b1.push(m));
    await app.platform.hub.sendToUser(alice.uid, hubEvents.receiveMessage, message(7));
    await waitFor(() => got.a1.length === 1 && got.a2.length === 1, 5000);
    await sleep(200);
    expect(got.a1).toEqual([message(7)]);
    expect(got.a2).toEqual([message(7)]);
    expect(got.b1).toEqual([]);
  });

  it('answers unknown and forbidden methods with an error completion', async () => {
    const user = await createTestUser(app);
    const connection = await connect(user.accessToken);
    await expect(connection.invoke('ForceOffline', user.uid)).rejects.toThrow(
      '不支持的实时操作：ForceOffline (hub_method_not_found)',
    );
    await expect(connection.invoke('NoSuchMethod')).rejects.toThrow(/hub_method_not_found/);
    await expect(connection.invoke('OperatorsOnly')).rejects.toThrow('没有权限进行此操作 (forbidden)');
    await expect(connection.invoke('Echo', 'not a number')).rejects.toThrow(/validation_failed/);
    expect(await connection.invoke('Echo', 41)).toBe(42);
    // The connection stays usable.
    expect(await connection.invoke<string>('Ping')).toEqual(expect.any(String));
  });

  it('refuses NUL and lone surrogates in any argument, in the caller language, and stays usable', async () => {
    const user = await createTestUser(app);
    const calls: string[] = [];
    app.platform.hub.registerMethod('Store', 'user', async (_ctx, [text]) => {
      calls.push(String(text));
      return 'stored';
    });
    const connection = await connect(user.accessToken, { headers: { 'Accept-Language': 'en' } });
    for (const args of [['a\u0000b'], ['a\ud800b'], [{ nested: ['x\udfff'] }], [{ 'k\u0000': 1 }]]) {
      await expect(connection.invoke('Store', ...args)).rejects.toThrow(
        'Some fields are invalid. Please check and try again. (validation_failed)',
      );
    }
    expect(calls).toEqual([]);
    expect(await connection.invoke('Store', 'a\ud83d\ude00b')).toBe('stored');
    expect(calls).toEqual(['a\ud83d\ude00b']);
    const french = await connect(user.accessToken, { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    await expect(french.invoke('Nope')).rejects.toThrow(
      'Méthode du hub inconnue : Nope. (hub_method_not_found)',
    );
  });

  it('closes a connection that sends arguments nested deeper than the limit, before parsing them', async () => {
    const user = await createTestUser(app);
    const raw = await rawSocket(user.accessToken);
    const closed = new Promise<void>((resolve) => raw.socket.once('close', () => resolve()));
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    raw.socket.send(`{"protocol":"json","version":1}${RS}`);
    raw.socket.send(`{"type":1,"invocationId":"1","target":"Echo","arguments":[${deep}]}${RS}`);
    await closed;
    const records = raw.text().split(RS).filter(Boolean);
    expect(JSON.parse(records.at(-1)!)).toMatchObject({ type: 7, allowReconnect: false });
    expect(records.at(-1)).toContain('invalid hub message');
  });

  it('keeps a pinging client connected and closes a silent one after the client timeout', async () => {
    const user = await createTestUser(app);
    const connection = await connect(user.accessToken, { keepAliveMs: 100 });
    const silent = await rawSocket(user.accessToken);
    silent.socket.send(`{"protocol":"json","version":1}${RS}`);
    const silentClosed = new Promise<void>((resolve) => silent.socket.once('close', () => resolve()));
    await sleep(1500);
    expect(connection.state).toBe(HubConnectionState.Connected);
    await silentClosed;
    const records = silent.text().split(RS).filter(Boolean);
    expect(records[0]).toBe('{}');
    expect(records).toContain('{"type":6}');
    expect(JSON.parse(records.at(-1)!)).toEqual({ type: 7, error: 'timeout', allowReconnect: true });
  });

  it('speaks the raw protocol: batched and split frames, invocations with and without id, handshake errors', async () => {
    const user = await createTestUser(app);
    const raw = await rawSocket(user.accessToken);
    // Handshake and two invocations in one frame, then one invocation split over two frames.
    raw.socket.send(
      `{"protocol":"json","version":1}${RS}{"type":1,"target":"Ping","arguments":[]}${RS}` +
        `{"type":1,"invocationId":"1","target":"GetOnlineCount","arguments":[]}${RS}{"type":1,"invoc`,
    );
    raw.socket.send(`ationId":"2","target":"Nope","arguments":[]}${RS}{"type":6}${RS}`);
    await waitFor(() => raw.text().includes('"invocationId":"2"'), 5000);
    const records = raw
      .text()
      .split(RS)
      .filter(Boolean)
      .map((r) => JSON.parse(r) as Record<string, unknown>)
      .filter((m) => m.type !== 6);
    expect(records[0]).toEqual({});
    expect(records.filter((m) => m.type === 3)).toEqual([
      { type: 3, invocationId: '1', result: expect.any(Number) },
      { type: 3, invocationId: '2', error: '不支持的实时操作：Nope (hub_method_not_found)' },
    ]);

    const msgpack = await rawSocket(user.accessToken);
    const closed = new Promise<void>((resolve) => msgpack.socket.once('close', () => resolve()));
    msgpack.socket.send(`{"protocol":"messagepack","version":1}${RS}`);
    await closed;
    expect(JSON.parse(msgpack.text().split(RS)[0]!)).toEqual({
      error: "Requested protocol 'messagepack' is not available.",
    });
  });
});

describe('realtime hub over a Redis backplane', () => {
  let available = false;

  beforeAll(async () => {
    available = await redisAnswers();
  });

  it('delivers a push made by another API process and counts users over processes', async (ctx) => {
    if (!available) ctx.skip();
    const prefix = `test${Math.random().toString(36).slice(2, 8)}:`;
    const a = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SEED_DEMO: false });
    const b = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SEED_DEMO: false });
    try {
      const hostA = await listen(a);
      const user = await createTestUser(a);
      const connection = new HubConnectionBuilder()
        .withUrl(`http://${hostA}/hubs/onlineUser`, clientOptions(user.accessToken))
        .configureLogging(LogLevel.None)
        .build();
      const got: unknown[] = [];
      connection.on(hubEvents.receiveMessage, (m) => got.push(m));
      await connection.start();
      await b.platform.hub.sendToUser(user.uid, hubEvents.receiveMessage, message(9));
      await waitFor(() => got.length === 1, 5000);
      expect(got).toEqual([message(9)]);
      expect(await b.platform.hub.onlineCount()).toBe(1);
      await b.platform.hub.forceOffline(user.uid, 'account_deleted');
      await waitFor(() => connection.state === HubConnectionState.Disconnected, 5000);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});
