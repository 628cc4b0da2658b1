import { and, eq } from 'drizzle-orm';
import { hubEvents } from '@app/contract';
import {
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { users } from '../../platform/identity/identity.table.js';
import { auditLog } from '../../platform/audit/audit.table.js';
// The test writes a robot conversation the way the chat module stores it; the chat module exposes no writer.
// eslint-disable-next-line boundaries/dependencies
import { createChatRepository } from '../chat/chat.repository.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (check: () => boolean, timeoutMs = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(20);
  }
};

describe('message centre /api/sysIMMessage', () => {
  // 2026-03-01 23:30 in Shanghai is 15:30 UTC: the next Shanghai day starts at 16:00 UTC.
  const clock = fixedClock('2026-03-01T15:30:00.000Z');
  let app: TestApp;

  const createUser = async (roles = ['user']) => {
    const [row] = await app.platform.db
      .insert(users)
      .values({ tenantId: 1, nickName: `u${Math.random().toString(36).slice(2, 8)}`, roles })
      .returning({ id: users.id });
    const uid = row!.id;
    const tokens = await app.platform.sessions.start({ uid, tenantId: 1, roles });
    return { uid, token: tokens.accessToken, auth: { authorization: `Bearer ${tokens.accessToken}` } };
  };

  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false }, { clock });
  });
  afterAll(async () => {
    await app.close();
  });

  it('needs a logged-in user', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sysIMMessage/unreadCount' });
    expect(res.statusCode).toBe(401);
    const guest = await app.platform.sessions.start({ uid: 0, tenantId: 1, roles: ['guest'] });
    const asGuest = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/page',
      headers: { authorization: `Bearer ${guest.accessToken}` },
      payload: {},
    });
    expect(asGuest.statusCode).toBe(401);
  });

  it('lists notices newest first, grouped by Shanghai date, with the checked flag and unread counts', async () => {
    const user = await createUser();
    const other = await createUser();
    const { notify } = app.platform;
    clock.set('2026-03-01T15:30:00.000Z'); // 2026-03-01 23:30 Shanghai
    const first = await notify(1, user.uid, { type: 'system', title: '欢迎', content: '欢迎来到AI创作家' });
    clock.set('2026-03-01T16:10:00.000Z'); // 2026-03-02 00:10 Shanghai
    await notify(1, user.uid, {
      type: 'comment',
      title: '新评论',
      content: '写得真好',
      senderId: other.uid,
      link: '/pages/index/plaza/detail?id=5',
      data: { articleId: 5, commentId: 9 },
    });
    await notify(1, user.uid, {
      type: 'like',
      title: '新点赞',
      content: '赞了你的作品',
      senderId: other.uid,
    });
    await notify(1, other.uid, { type: 'system', title: '别人的', content: '不应出现' });

    const res = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/page',
      headers: user.auth,
      payload: { page: 1, pageSize: 10 },
    });
    expect(res.statusCode).toBe(200);
    const page = json<{
      items: Array<{ id: number; type: string; checked: boolean; date: string; peerId: number | null }>;
      groups: Array<{ date: string; items: Array<{ type: string }> }>;
      total: number;
      unread: number;
    }>(res).result;
    expect(page.total).toBe(3);
    expect(page.unread).toBe(3);
    expect(page.items.map((m) => m.type)).toEqual(['like', 'comment', 'system']);
    expect(page.items[0]).toMatchObject({ checked: false, date: '2026-03-02', peerId: other.uid });
    expect(page.groups.map((g) => [g.date, g.items.map((m) => m.type)])).toEqual([
      ['2026-03-02', ['like', 'comment']],
      ['2026-03-01', ['system']],
    ]);

    const unread = await app.inject({
      method: 'GET',
      url: '/api/sysIMMessage/unreadCount',
      headers: user.auth,
    });
    expect(json(unread).result).toEqual({
      unread: 3,
      byType: { comment: 1, like: 1, real_name: 0, job: 0, service: 0, system: 1 },
    });

    // GET with the filters in the query: only unread comments.
    const filtered = await app.inject({
      method: 'GET',
      url: '/api/sysIMMessage/page?types=comment,like&checked=false&pageSize=1&page=2',
      headers: user.auth,
    });
    const filteredPage = json<{ items: Array<{ type: string }>; total: number; page: number }>(
      filtered,
    ).result;
    expect(filteredPage).toMatchObject({ total: 2, page: 2, items: [{ type: 'comment' }] });

    // Mark one read (another user's id is ignored), then all.
    const readOne = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/read',
      headers: user.auth,
      payload: { ids: [first.id] },
    });
    expect(json(readOne).result).toEqual({ updated: 1, unread: 2 });
    const readForeign = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/read',
      headers: other.auth,
      payload: { ids: [first.id] },
    });
    expect(json(readForeign).result).toEqual({ updated: 0, unread: 1 });
    const readAll = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/read',
      headers: user.auth,
      payload: { all: true },
    });
    expect(json(readAll).result).toEqual({ updated: 2, unread: 0 });
    const after = await app.inject({
      method: 'GET',
      url: '/api/sysIMMessage/page',
      headers: user.auth,
    });
    expect(json<{ items: Array<{ checked: boolean }> }>(after).result.items.every((m) => m.checked)).toBe(
      true,
    );
  });

  it('rejects a read body with neither ids nor all, in the caller’s language', async () => {
    const user = await createUser();
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/read',
      headers: { ...user.auth, 'accept-language': 'en' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toEqual({ ids: ['Choose messages, or mark all as read.'] });
  });

  it('serves the robot conversation history from the same endpoint with peerId 999', async () => {
    clock.set('2026-03-05T02:00:00.000Z');
    const user = await createUser();
    // The robot conversation is stored by the chat module; this endpoint reads it from there.
    const chat999 = createChatRepository(app.platform.db);
    const now = clock.now();
    const conversationId = await chat999.createConversation({
      tenantId: 1,
      userId: user.uid,
      robotId: 999,
      title: '诗',
      templateId: null,
      now,
    });
    const [questionId, answerId] = await chat999.reserveIds('chat_message', 2);
    await chat999.insertTurn({
      questionId: questionId!,
      answerId: answerId!,
      tenantId: 1,
      userId: user.uid,
      robotId: 999,
      conversationId,
      question: '写一首春天的诗',
      templateId: null,
      fields: null,
      provider: 'offline',
      model: 'offline-composer',
      now,
    });
    await chat999.finishAnswer(1, answerId!, {
      content: '春风拂面，花开满园。',
      status: 'done',
      usage: null,
      errorId: null,
      now,
    });
    await app.platform.notify(1, user.uid, { type: 'system', title: '系统', content: '维护通知' });

    const chat = await app.inject({
      method: 'GET',
      url: '/api/sysIMMessage/page?peerId=999&pageSize=10',
      headers: user.auth,
    });
    const result = json<{
      items: Array<{ type: string; senderId: number; content: string; checked: boolean }>;
      unread: number;
    }>(chat).result;
    expect(result.items).toMatchObject([
      { type: 'chat', senderId: 999, content: '春风拂面，花开满园。', checked: true },
      { type: 'chat', senderId: user.uid, content: '写一首春天的诗', checked: true },
    ]);
    expect(result.unread).toBe(1);

    // The message centre does not list conversation lines.
    const notices = await app.inject({ method: 'GET', url: '/api/sysIMMessage/page', headers: user.auth });
    expect(json<{ items: Array<{ type: string }> }>(notices).result.items.map((m) => m.type)).toEqual([
      'system',
    ]);
  });
});

describe('message centre pushes over the hub', () => {
  let app: TestApp;
  let host: string;
  const open: HubConnection[] = [];

  const createUser = async (roles = ['user']) => {
    const [row] = await app.platform.db
      .insert(users)
      .values({ tenantId: 1, nickName: `u${Math.random().toString(36).slice(2, 8)}`, roles })
      .returning({ id: users.id });
    const uid = row!.id;
    const tokens = await app.platform.sessions.start({ uid, tenantId: 1, roles });
    return { uid, token: tokens.accessToken };
  };
  const connect = async (token: string) => {
    const connection = new HubConnectionBuilder()
      .withUrl(`http://${host}/hubs/onlineUser`, {
        accessTokenFactory: () => token,
        WebSocket,
      } as IHttpConnectionOptions)
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    await connection.start();
    return connection;
  };

  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
    host = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', '');
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await app.close();
  });

  it('notify stores and pushes ReceiveMessage and UnreadCount to the user; MarkRead over the hub', async () => {
    const user = await createUser();
    const bystander = await createUser();
    const connection = await connect(user.token);
    const watcher = await connect(bystander.token);
    const received: Array<{ id: number; title: string }> = [];
    const counts: number[] = [];
    connection.on(hubEvents.receiveMessage, (m: { id: number; title: string }) => received.push(m));
    connection.on(hubEvents.unreadCount, (c: { unread: number }) => counts.push(c.unread));
    const seenByOther: unknown[] = [];
    watcher.on(hubEvents.receiveMessage, (m) => seenByOther.push(m));

    const stored = await app.platform.notify(1, user.uid, {
      type: 'real_name',
      title: '实名认证通过',
      content: '恭喜，您的实名认证已通过',
      data: { status: 2 },
    });
    await waitFor(() => received.length === 1 && counts.length === 1);
    expect(received[0]).toMatchObject({ id: stored.id, title: '实名认证通过' });
    expect(counts).toEqual([1]);
    expect(await connection.invoke('GetUnreadCount')).toEqual({ unread: 1 });
    expect(await connection.invoke('MarkRead', [stored.id])).toEqual({ updated: 1, unread: 0 });
    await waitFor(() => counts.length === 2);
    expect(counts).toEqual([1, 0]);
    await sleep(100);
    expect(seenByOther).toEqual([]);
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('lets operators reply as customer service with SendToUser, and nobody else', async () => {
    const user = await createUser();
    const admin = await createUser(['admin']);
    const userConnection = await connect(user.token);
    const adminConnection = await connect(admin.token);
    const received: Array<{ type: string; content: string; senderId: number }> = [];
    userConnection.on(hubEvents.receiveMessage, (m: (typeof received)[number]) => received.push(m));

    await expect(userConnection.invoke('SendToUser', admin.uid, '冒充客服')).rejects.toThrow(/unauthorized/);
    await expect(adminConnection.invoke('SendToUser', 99999999, '你好')).rejects.toThrow(
      /message_user_not_found/,
    );
    await expect(adminConnection.invoke('SendToUser', user.uid, '')).rejects.toThrow(/validation_failed/);
    const reply = await adminConnection.invoke<{ id: number; type: string; senderId: number }>(
      'SendToUser',
      user.uid,
      '您好，问题已处理',
    );
    expect(reply).toMatchObject({ type: 'service', senderId: 10086 });
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({ type: 'service', content: '您好，问题已处理', senderId: 10086 });
    // Pushed in zh-Hans with its title in the other languages, for the toast in the app's language.
    expect(received[0]).toMatchObject({ title: '客服回复', translations: { en: { title: 'Customer service reply' }, fr: { title: 'Réponse du service client' } } });
    // The operator's message is in the audit log, written with it.
    const audited = await app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.reply'), eq(auditLog.operatorId, admin.uid)));
    expect(audited).toEqual([
      expect.objectContaining({ targetType: 'user', targetId: String(user.uid), after: { messageId: reply.id, content: '您好，问题已处理' } }),
    ]);
  });
});
