import {
  DEFAULT_TENANT_ID,
  SERVICE_USER_ID,
  type Feedback,
  type ImMessage,
  type ImMessagePageResult,
  type Paged,
  type ServiceConversation,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { users } from '../../platform/identity/identity.table.js';

const clock = fixedClock('2026-03-01T08:00:00Z');
let app: TestApp;
let admin: Record<string, string>;
let phoneSeq = 0;

const makeUser = async () => {
  phoneSeq += 1;
  const [row] = await app.platform.db
    .insert(users)
    .values({
      tenantId: DEFAULT_TENANT_ID,
      nickName: `求助${phoneSeq}`,
      phone: `1360000${String(phoneSeq).padStart(4, '0')}`,
    })
    .returning({ id: users.id });
  const pair = await app.platform.sessions.start({
    uid: row!.id,
    tenantId: DEFAULT_TENANT_ID,
    roles: ['user'],
  });
  return { id: row!.id, headers: bearer(pair.accessToken) };
};
/** An image stored for the user, as the uploads service stores one. */
const uploadFor = async (uid: number) =>
  app.platform.storage.save({
    tenantId: DEFAULT_TENANT_ID,
    userId: uid,
    category: 'general',
    visibility: 'public',
    body: Buffer.from('not really a png'),
    ext: 'png',
    mime: 'image/png',
    kind: 'image',
    size: 16,
    width: 10,
    height: 10,
  });
const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers, payload: payload as object });

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = bearer(await tokenFor(app, 'admin'));
});
afterAll(async () => {
  await app?.close();
});

describe('feedback', () => {
  it('stores type, text, up to 4 of my uploaded images and contact for operators, who reply', async () => {
    const user = await makeUser();
    const images = await Promise.all([uploadFor(user.id), uploadFor(user.id)]);
    const res = await post('/api/sysFeedback/add', user.headers, {
      type: 'bug',
      content: '生成视频时进度卡在 80% 不动了',
      images: images.map((i) => i.url),
      contact: '13600000001',
    });
    expect(res.statusCode).toBe(200);
    const { id } = json<{ id: number }>(res).result;

    const page = json<Paged<Feedback>>(
      await post('/api/sysFeedback/page', admin, { status: 'pending' }),
    ).result;
    const item = page.items.find((f) => f.id === id)!;
    expect(item).toMatchObject({
      type: 'bug',
      content: '生成视频时进度卡在 80% 不动了',
      images: images.map((i) => i.url),
      contact: '13600000001',
      status: 'pending',
      reply: null,
      user: { id: user.id, nickName: expect.any(String) },
    });
    expect((await post('/api/sysFeedback/page', user.headers)).statusCode).toBe(403);

    const handled = json<Feedback>(
      await post('/api/sysFeedback/handle', admin, { id, reply: '已修复，请更新到最新版本' }),
    ).result;
    expect(handled).toMatchObject({ status: 'handled', reply: '已修复，请更新到最新版本' });
    const mine = json<Paged<Feedback>>(
      await app.inject({ method: 'GET', url: '/api/sysFeedback/mine', headers: user.headers }),
    ).result;
    expect(mine.items[0]).toMatchObject({ id, status: 'handled' });
    const notices = json<ImMessagePageResult>(
      await post('/api/sysIMMessage/page', user.headers, { types: ['service'] }),
    ).result;
    expect(notices.items[0]).toMatchObject({
      content: '已修复，请更新到最新版本',
      senderId: SERVICE_USER_ID,
    });
  });

  it("refuses other hosts, someone else's uploads, more than 4 images and short text", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const foreign = await post('/api/sysFeedback/add', user.headers, {
      type: 'other',
      content: '图片来自别的网站',
      images: ['https://evil.example.com/a.png'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).extras?.error).toBe('feedback_image_invalid');
    const theirs = await uploadFor(other.id);
    const stolen = await post('/api/sysFeedback/add', user.headers, {
      type: 'other',
      content: '用了别人的图片',
      images: [theirs.url],
    });
    expect(json(stolen).extras?.error).toBe('feedback_image_invalid');
    const many = await post('/api/sysFeedback/add', user.headers, {
      type: 'other',
      content: '太多图片了',
      images: ['/uploads/a', '/uploads/b', '/uploads/c', '/uploads/d', '/uploads/e'],
    });
    expect(many.statusCode).toBe(400);
    const short = await post('/api/sysFeedback/add', user.headers, { type: 'nope', content: '短' });
    expect(Object.keys(json(short).message as object).sort()).toEqual(['content', 'type']);
  });
});

describe('report', () => {
  it('reports a user through the plaza endpoint /api/sysReport/add', async () => {
    const user = await makeUser();
    const target = await makeUser();
    const res = await post('/api/sysReport/add', user.headers, {
      targetType: 'user',
      targetId: target.id,
      reason: '骚扰',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('customer service', () => {
  it("the user's message reaches operators and the reply reaches the user live and in the message list", async () => {
    const user = await makeUser();
    const sent = await post('/api/sysCustomerService/send', user.headers, { content: '会员开通后没有生效' });
    expect(sent.statusCode).toBe(200);
    expect(json<ImMessage>(sent).result).toMatchObject({
      type: 'chat',
      senderId: user.id,
      peerId: SERVICE_USER_ID,
    });

    const waiting = json<Paged<ServiceConversation>>(
      await post('/api/sysCustomerService/conversations', admin, { waiting: true }),
    ).result;
    const conv = waiting.items.find((c) => c.user.id === user.id)!;
    expect(conv).toMatchObject({
      waiting: true,
      messageCount: 1,
      lastMessage: { content: '会员开通后没有生效' },
    });

    const pushes: { uid: number; event: string; payload: unknown }[] = [];
    const spy = vi.spyOn(app.platform.hub, 'sendToUser').mockImplementation(async (uid, event, payload) => {
      pushes.push({ uid, event, payload });
    });
    clock.advance(60_000);
    const reply = await post('/api/sysCustomerService/reply', admin, {
      userId: user.id,
      content: '已为您补开会员，请重新登录',
    });
    spy.mockRestore();
    expect(reply.statusCode).toBe(200);
    const stored = json<ImMessage>(reply).result;
    expect(stored).toMatchObject({
      type: 'service',
      senderId: SERVICE_USER_ID,
      peerId: SERVICE_USER_ID,
      checked: false,
    });
    expect(pushes.find((p) => p.event === 'ReceiveMessage')).toMatchObject({
      uid: user.id,
      payload: { id: stored.id },
    });
    expect(pushes.find((p) => p.event === 'UnreadCount')).toMatchObject({
      uid: user.id,
      payload: { unread: 1 },
    });

    const history = json<ImMessagePageResult>(
      await post('/api/sysIMMessage/page', user.headers, { peerId: SERVICE_USER_ID }),
    ).result;
    expect(history.items.map((m) => m.content)).toEqual(['已为您补开会员，请重新登录', '会员开通后没有生效']);
    expect(history.unread).toBe(1);

    const after = json<Paged<ServiceConversation>>(
      await post('/api/sysCustomerService/conversations', admin, {}),
    ).result;
    expect(after.items[0]).toMatchObject({ user: { id: user.id }, waiting: false, messageCount: 2 });
    const stillWaiting = json<Paged<ServiceConversation>>(
      await post('/api/sysCustomerService/conversations', admin, { waiting: true }),
    ).result;
    expect(stillWaiting.items.some((c) => c.user.id === user.id)).toBe(false);
    const lines = json<Paged<ImMessage>>(
      await post('/api/sysCustomerService/messages', admin, { userId: user.id }),
    ).result;
    expect(lines.total).toBe(2);

    expect(
      (await post('/api/sysCustomerService/reply', admin, { userId: 424242, content: '你好' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/sysCustomerService/reply', user.headers, { userId: user.id, content: '你好' }))
        .statusCode,
    ).toBe(403);
    expect((await post('/api/sysCustomerService/send', user.headers, { content: '  ' })).statusCode).toBe(
      400,
    );
  });
});
