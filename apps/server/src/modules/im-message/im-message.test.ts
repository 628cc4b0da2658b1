import { actorFor } from '../../platform/identity/actor.js';
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
import { createTestUser } from '../../test/tokens.js';
import { sleep, waitFor } from '../../test/wait.js';
import { auditLog } from '../../platform/audit/audit.table.js';
import { imMessages } from './im-message.table.js';
import { createImMessageService } from './im-message.service.js';
import { createImMessageRepositories } from './im-message.repository.js';

describe('message centre /api/sysIMMessage', () => {
  // 2026-03-01 23:30 in Shanghai is 15:30 UTC: the next Shanghai day starts at 16:00 UTC.
  const clock = fixedClock('2026-03-01T15:30:00.000Z');
  let app: TestApp;

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
    const user = await createTestUser(app);
    const other = await createTestUser(app);
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
    const user = await createTestUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/read',
      headers: { ...user.auth, 'accept-language': 'en' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toEqual({ ids: ['Choose messages, or mark all as read.'] });
  });
});

describe('message centre pushes over the hub', () => {
  let app: TestApp;
  let host: string;
  const open: HubConnection[] = [];

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
    const user = await createTestUser(app);
    const bystander = await createTestUser(app);
    const connection = await connect(user.accessToken);
    const watcher = await connect(bystander.accessToken);
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
    await waitFor(() => received.length === 1 && counts.length === 1, 5000);
    expect(received[0]).toMatchObject({ id: stored.id, title: '实名认证通过' });
    expect(counts).toEqual([1]);
    expect(await connection.invoke('GetUnreadCount')).toEqual({ unread: 1 });
    expect(await connection.invoke('MarkRead', [stored.id])).toEqual({ updated: 1, unread: 0 });
    await waitFor(() => counts.length === 2, 5000);
    expect(counts).toEqual([1, 0]);
    await sleep(100);
    expect(seenByOther).toEqual([]);
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('lets operators reply as customer service with SendToUser, and nobody else', async () => {
    const user = await createTestUser(app);
    const admin = await createTestUser(app, ['admin']);
    const userConnection = await connect(user.accessToken);
    const adminConnection = await connect(admin.accessToken);
    const received: Array<{ type: string; content: string; senderId: number }> = [];
    userConnection.on(hubEvents.receiveMessage, (m: (typeof received)[number]) => received.push(m));

    await expect(userConnection.invoke('SendToUser', admin.uid, '冒充客服')).rejects.toThrow(/forbidden/);
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
    await waitFor(() => received.length === 1, 5000);
    expect(received[0]).toMatchObject({ type: 'service', content: '您好，问题已处理', senderId: 10086 });
    // Pushed in zh-Hans with its title in the other languages, for the toast in the app's language.
    expect(received[0]).toMatchObject({
      title: '客服回复',
      translations: { en: { title: 'Customer service reply' }, fr: { title: 'Réponse du service client' } },
    });
    // The operator's message is in the audit log, written with it.
    const audited = await app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.reply'), eq(auditLog.operatorId, admin.uid)));
    expect(audited).toEqual([
      expect.objectContaining({
        targetType: 'user',
        targetId: String(user.uid),
        after: { messageId: reply.id, content: '您好，问题已处理' },
      }),
    ]);
  });
  it('SendToUser with a NUL or a lone surrogate: an error completion in the operator language, nothing stored', async () => {
    const user = await createTestUser(app);
    const admin = await createTestUser(app, ['admin']);
    const adminConnection = new HubConnectionBuilder()
      .withUrl(`http://${host}/hubs/onlineUser`, {
        accessTokenFactory: () => admin.accessToken,
        WebSocket,
        headers: { 'Accept-Language': 'zh-Hant' },
      } as IHttpConnectionOptions)
      .configureLogging(LogLevel.None)
      .build();
    open.push(adminConnection);
    await adminConnection.start();
    for (const content of ['a\u0000b', 'a\ud800b', 'tail\udc00']) {
      await expect(adminConnection.invoke('SendToUser', user.uid, content)).rejects.toThrow(
        '提交的內容有誤，請檢查後重試 (validation_failed)',
      );
    }
    const stored = await app.platform.db.select().from(imMessages).where(eq(imMessages.userId, user.uid));
    const audited = await app.platform.db.select().from(auditLog).where(eq(auditLog.operatorId, admin.uid));
    expect({ stored, audited }).toEqual({ stored: [], audited: [] });
    expect(await adminConnection.invoke('SendToUser', user.uid, '好的')).toMatchObject({ type: 'service' });
  });

  it('an operator notice whose audit row fails leaves no message behind (one transaction)', async () => {
    const user = await createTestUser(app);
    const admin = await createTestUser(app, ['admin']);
    const service = createImMessageService({
      store: createImMessageRepositories(app.platform.db),
      clock: app.platform.clock,
      hub: app.platform.hub,
    });
    // The notice itself is storable; its audit entry carries a lone surrogate, which jsonb refuses.
    await expect(
      service.notifyAudited(
        actorFor(1, admin.uid, { roles: ['admin'] }),
        user.uid,
        { type: 'service', title: '客服回复', content: '您好' },
        (message) => ({
          action: 'service.reply',
          targetType: 'user',
          targetId: user.uid,
          after: { messageId: message.id, content: 'a\ud800b' },
        }),
      ),
    ).rejects.toThrow();
    const stored = await app.platform.db.select().from(imMessages).where(eq(imMessages.userId, user.uid));
    expect(stored).toEqual([]);
  });
});
