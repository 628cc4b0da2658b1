import { desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_TENANT_ID, endpoints, idCardCheckChar, PayMethod, type Endpoint } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { passwordLogin } from '../../test/auth.js';
import { api, newUser, userRow, packageId } from '../../test/commerce.js';
import { auditLog, drawTasks, imMessages, users } from '../../schema.js';
import { waitFor } from '../../test/wait.js';
import { ROLLUP_REFRESH_JOB } from './rollup.service.js';

type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };
type Audit = {
  action: string;
  targetType: string;
  targetId: string | null;
  targetName: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  operator: { id: number };
};

const first17 = '11010519491231002';
const ID = `${first17}${idCardCheckChar(first17)}`;

/** Every console endpoint the server registers (the contract may hold more than is implemented). */
const consoleEndpoints = (app: TestApp) =>
  (Object.entries(endpoints) as [string, Endpoint][]).filter(
    ([, e]) =>
      e.path.startsWith('/api/console/') &&
      app.hasRoute({ method: e.method, url: e.path.replace(/\{(\w+)\}/g, ':$1') }),
  );

describe('operator console API', () => {
  let app: TestApp;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    app = await createTestApp();
    admin = json<{ accessToken: string }>(await passwordLogin(app, 'admin', 'admin123456')).result
      .accessToken;
    adminId = (
      await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'))
    )[0]!.id;
  });
  afterAll(() => app.close());

  const call = <T>(path: string, token: string | null, payload?: unknown, method: 'GET' | 'POST' = 'POST') =>
    api<T>(app, method, path, token, payload);
  const auditOf = async (action: string) =>
    (await call<Paged<Audit>>('/api/console/audit/page', admin, { filters: { action } })).result.items;
  const noticesOf = (uid: number) =>
    app.platform.db.select().from(imMessages).where(eq(imMessages.userId, uid)).orderBy(desc(imMessages.id));
  /** The user's newest message-centre notice as the app reads it in `language`. */
  const noticeIn = async (token: string, language: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/page',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: { page: 1, pageSize: 1 },
    });
    expect(res.statusCode).toBe(200);
    return json<{ items: { title: string; content: string }[] }>(res).result.items[0]!;
  };

  it('refuses every console endpoint to users (403) and to callers without a token (401)', async () => {
    const routes = consoleEndpoints(app);
    expect(routes.length).toBeGreaterThan(30);
    const user = await newUser(app);
    for (const [name, endpoint] of routes) {
      const url = endpoint.path.replace(/\{(\w+)\}/g, '1');
      const asUser = await app.inject({
        method: endpoint.method,
        url,
        headers: { authorization: `Bearer ${user.token}` },
        ...(endpoint.method === 'POST' ? { payload: {} } : {}),
      });
      expect(asUser.statusCode, name).toBe(403);
      const anonymous = await app.inject({
        method: endpoint.method,
        url,
        ...(endpoint.method === 'POST' ? { payload: {} } : {}),
      });
      expect(anonymous.statusCode, name).toBe(401);
    }
    // A role taken away ends at once: the row's roles decide, not the token's.
    const demoted = await newUser(app);
    await app.platform.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, demoted.uid));
    expect((await call('/api/console/me', demoted.token, undefined, 'GET')).status).toBe(200);
    await app.platform.db
      .update(users)
      .set({ roles: ['user'] })
      .where(eq(users.id, demoted.uid));
    expect((await call('/api/console/me', demoted.token, undefined, 'GET')).status).toBe(403);
  });

  it('answers the operator and validates table queries (unknown sort field → 400)', async () => {
    const me = await call<{ account: string; roles: string[] }>('/api/console/me', admin, undefined, 'GET');
    expect(me.result).toMatchObject({ account: 'admin', roles: ['admin'] });
    const bad = await call('/api/console/users/page', admin, { sortField: 'passwordHash' });
    expect(bad.status).toBe(400);
  });

  it('real-name: the queue counts it, the number is masked, a reveal and the approval are audited, the user is told', async () => {
    const user = await newUser(app);
    const submitted = await call('/api/sysAuthenticationInfo/add', user.token, {
      realName: '张三',
      idCardNum: ID,
    });
    expect(submitted.status).toBe(200);
    const queues = await call<{ queue: string; waiting: number; oldestTime: string | null }[]>(
      '/api/console/queues',
      admin,
      undefined,
      'GET',
    );
    const realName = queues.result.find((q) => q.queue === 'realName')!;
    expect(realName.waiting).toBeGreaterThanOrEqual(1);
    expect(realName.oldestTime).not.toBeNull();

    const page = await call<Paged<{ id: number; user: { id: number }; idCardNum: string; status: number }>>(
      '/api/console/real-name/page',
      admin,
      { filters: { status: 1, keyword: String(user.uid) } },
    );
    expect(page.result.total).toBe(1);
    const item = page.result.items[0]!;
    expect(item.user.id).toBe(user.uid);
    expect(item.idCardNum).not.toContain(ID.slice(3, 14));

    const reveal = await call<{ idCardNum: string }>('/api/console/real-name/reveal', admin, { id: item.id });
    expect(reveal.result.idCardNum).toBe(ID);
    expect((await auditOf('real_name.reveal')).some((a) => a.targetId === String(item.id))).toBe(true);

    const approved = await call<{ status: number }>('/api/console/real-name/approve', admin, { id: item.id });
    expect(approved.result.status).toBe(2);
    expect((await call('/api/console/real-name/approve', admin, { id: item.id })).status).toBe(409);
    expect(
      (await call<{ status: number }>('/api/sysAuthenticationInfo/status', user.token, undefined, 'GET'))
        .result.status,
    ).toBe(2);
    const [entry] = (await auditOf('real_name.approve')).filter((a) => a.targetId === String(item.id));
    expect(entry).toMatchObject({ operator: { id: adminId }, before: { status: 1 }, after: { status: 2 } });
    expect((await noticesOf(user.uid))[0]?.type).toBe('real_name');
    expect((await noticeIn(user.token, 'fr')).content).toBe('Votre vérification d’identité a été approuvée.');

    // A rejection needs a reason, and the user reads it.
    const other = await newUser(app);
    await call('/api/sysAuthenticationInfo/add', other.token, { realName: '李四', idCardNum: ID });
    const otherId = (
      await call<Paged<{ id: number }>>('/api/console/real-name/page', admin, {
        filters: { keyword: String(other.uid) },
      })
    ).result.items[0]!.id;
    expect((await call('/api/console/real-name/reject', admin, { id: otherId })).status).toBe(400);
    await call('/api/console/real-name/reject', admin, { id: otherId, reason: '照片不清晰' });
    expect((await noticesOf(other.uid))[0]?.content).toContain('照片不清晰');
    expect((await noticeIn(other.token, 'es')).content).toBe(
      'Tu verificación de identidad fue rechazada: 照片不清晰. Corrígela y envíala de nuevo.',
    );
  });

  it('a report takes a drawing out of the works hall: unpublished, public copies deleted, author told, audited; warn and ban reach its author', async () => {
    const author = await newUser(app);
    const reporter = await newUser(app);
    const { db, storage } = app.platform;
    const now = new Date();
    const drawing = async (n: number) => {
      const image = {
        key: `draw/test-${author.uid}-${n}.webp`,
        thumbKey: `draw/test-${author.uid}-${n}-t.webp`,
      };
      for (const key of [image.key, image.thumbKey]) {
        await storage.backend.put(key, 'public', Buffer.from('webp'), 'image/webp');
        await storage.backend.put(key, 'private', Buffer.from('webp'), 'image/webp');
      }
      const [row] = await db
        .insert(drawTasks)
        .values({
          tenantId: DEFAULT_TENANT_ID,
          userId: author.uid,
          prompt: `山水画 ${n}`,
          style: 'none',
          ratio: '1:1',
          count: 1,
          seed: n,
          engine: 'offline',
          offline: true,
          images: [{ ...image, width: 64, height: 64 }],
          status: 'succeeded',
          title: `举报的画 ${n}`,
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const added = await call('/api/sysReport/add', reporter.token, {
        targetType: 'drawing',
        targetId: row!.id,
        reason: '违规',
      });
      expect(added.status).toBe(200);
      const page = await call<
        Paged<{
          id: number;
          targetId: number;
          targetUser: { id: number } | null;
          targetStatus: string | null;
        }>
      >('/api/console/reports/page', admin, { filters: { status: 'pending', targetType: 'drawing' } });
      const report = page.result.items.find((r) => r.targetId === row!.id)!;
      expect(report).toMatchObject({ targetUser: { id: author.uid }, targetStatus: 'published' });
      return { id: row!.id, image, reportId: report.id };
    };

    const taken = await drawing(1);
    const resolved = await call<{ status: string; targetStatus: string | null }>(
      '/api/console/reports/resolve',
      admin,
      {
        id: taken.reportId,
        action: 'take_down',
        reason: '画面违规',
      },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.result).toMatchObject({ status: 'resolved', targetStatus: null });
    const [row] = await db.select().from(drawTasks).where(eq(drawTasks.id, taken.id));
    expect(row!.publishedAt).toBeNull();
    expect(await storage.backend.read(taken.image.key, 'public')).toBeNull();
    expect(await storage.backend.read(taken.image.thumbKey, 'public')).toBeNull();
    // The owner keeps the private original.
    expect(await storage.backend.read(taken.image.key, 'private')).not.toBeNull();
    expect((await noticesOf(author.uid))[0]?.content).toContain('画面违规');
    expect(
      (await auditOf('content.take_down')).find((a) => a.targetType === 'drawing' && a.targetId === String(taken.id)),
    ).toMatchObject({ targetName: '举报的画 1' });

    const warned = await drawing(2);
    const warn = await call('/api/console/reports/resolve', admin, {
      id: warned.reportId,
      action: 'warn',
      reason: '注意画面',
    });
    expect(warn.status).toBe(200);
    expect((await noticesOf(author.uid))[0]?.content).toContain('注意画面');
    expect(await noticeIn(author.token, 'en')).toEqual(
      expect.objectContaining({
        title: 'Community guidelines reminder',
        content: expect.stringMatching(/breaks the community guidelines: 注意画面$/),
      }),
    );

    const banned = await drawing(3);
    const ban = await call('/api/console/reports/resolve', admin, {
      id: banned.reportId,
      action: 'ban',
      reason: '屡次违规',
      banDays: 1,
    });
    expect(ban.status).toBe(200);
    expect((await userRow(app, author.uid)).bannedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it('a report takes the article down: the public no longer sees it, the author is told, both steps are audited', async () => {
    const author = await newUser(app);
    const reporter = await newUser(app);
    const added = await call<{ id: number }>('/api/sysArticle/add', author.token, {
      title: '被举报的文章',
      content: '正文内容',
    });
    const articleId = added.result.id;
    expect(
      (
        await call('/api/sysReport/add', reporter.token, {
          targetType: 'article',
          targetId: articleId,
          reason: '违规',
        })
      ).status,
    ).toBe(200);

    const reports = await call<
      Paged<{ id: number; targetId: number; targetUser: { id: number } | null; targetStatus: string | null }>
    >('/api/console/reports/page', admin, { filters: { status: 'pending', targetType: 'article' } });
    const report = reports.result.items.find((r) => r.targetId === articleId)!;
    expect(report).toMatchObject({ targetUser: { id: author.uid }, targetStatus: 'published' });

    const resolved = await call<{ status: string; targetStatus: string; resolution: string }>(
      '/api/console/reports/resolve',
      admin,
      {
        id: report.id,
        action: 'take_down',
        reason: '含有违规内容',
      },
    );
    expect(resolved.result).toMatchObject({ status: 'resolved', targetStatus: 'taken_down' });
    expect(
      (await app.inject({ method: 'GET', url: `/api/sysArticle/detail?id=${articleId}` })).statusCode,
    ).toBe(404);
    expect((await noticesOf(author.uid))[0]?.content).toContain('含有违规内容');
    // Each reader gets the notice in their language; the operator's reason stays as written.
    expect(await noticeIn(author.token, 'zh-CN')).toEqual(
      expect.objectContaining({
        title: '你的内容已被下架',
        content: '你发布的「被举报的文章」已被下架，原因：含有违规内容',
      }),
    );
    expect(await noticeIn(author.token, 'en-US,en;q=0.9')).toEqual(
      expect.objectContaining({
        title: 'Your post was taken down',
        content: 'Your post “被举报的文章” was taken down. Reason: 含有违规内容',
      }),
    );
    expect((await noticeIn(author.token, 'zh-TW')).title).toBe('你的內容已被下架');
    expect((await noticeIn(author.token, 'es')).title).toBe('Tu publicación fue retirada');
    expect((await noticeIn(author.token, 'fr')).title).toBe('Votre publication a été retirée');
    expect(await noticeIn(reporter.token, 'en')).toEqual(
      expect.objectContaining({
        title: 'Your report was reviewed',
        content: 'Thank you for your report: we have acted on the content.',
      }),
    );
    // The audit log names the work by its title (issue 37 point 7), not as 作品 37.
    const [takeDown] = (await auditOf('content.take_down')).filter((a) => a.targetId === String(articleId));
    expect(takeDown).toMatchObject({ targetType: 'article', targetName: '被举报的文章' });
    expect((await auditOf('report.take_down')).some((a) => a.targetId === String(report.id))).toBe(true);
    expect(
      (await call('/api/console/reports/resolve', admin, { id: report.id, action: 'dismiss', reason: 'x' }))
        .error,
    ).toBe('console_not_pending');

    // A comment deleted with a reason: its writer reads why, in their language.
    const restoredForComments = await call('/api/console/content/restore', admin, { id: articleId });
    expect(restoredForComments.status).toBe(200);
    const comment = await call<{ id: number }>('/api/sysComment/add', reporter.token, {
      articleId,
      content: '不友善的评论',
    });
    expect(
      (await call('/api/console/comments/delete', admin, { id: comment.result.id, reason: '人身攻击' }))
        .status,
    ).toBe(200);
    expect(await noticeIn(reporter.token, 'fr')).toEqual(
      expect.objectContaining({
        title: 'Votre commentaire a été supprimé',
        content: 'Votre commentaire « 不友善的评论 » a été supprimé. Motif : 人身攻击',
      }),
    );
    const takenAgain = await call('/api/console/content/take-down', admin, {
      id: articleId,
      reason: '再次下架',
    });
    expect(takenAgain.status).toBe(200);

    // Restore and pin through the content table.
    const restored = await call<{ status: string }>('/api/console/content/restore', admin, { id: articleId });
    expect(restored.result.status).toBe('published');
    const pinned = await call<{ pinned: boolean }>('/api/console/content/pin', admin, {
      id: articleId,
      pinned: true,
    });
    expect(pinned.result.pinned).toBe(true);
    const content = await call<Paged<{ id: number }>>('/api/console/content/page', admin, {
      filters: { pinned: true },
    });
    expect(content.result.items.map((c) => c.id)).toContain(articleId);
  });

  it('an offline payment confirmed: the order is paid, the package granted, the user told, the change audited', async () => {
    const user = await newUser(app);
    const month = await packageId(app, 'vip_month');
    const order = await call<{ id: number; orderNo: string; state: string }>(
      '/api/sysPay/buyGoldPackage',
      user.token,
      {
        packageId: month,
        payMethod: PayMethod.Offline,
      },
    );
    expect(order.result.state).toBe('pending');
    const waiting = await call<Paged<{ id: number; user: { id: number } }>>(
      '/api/console/orders/page',
      admin,
      {
        filters: { state: 'pending', payMethod: PayMethod.Offline, userId: user.uid },
      },
    );
    expect(waiting.result.items.map((o) => o.id)).toEqual([order.result.id]);

    const confirmed = await call<{ state: string; user: { id: number } }>(
      '/api/console/orders/confirm-offline',
      admin,
      {
        id: order.result.id,
        remark: '银行流水 123',
      },
    );
    expect(confirmed.result).toMatchObject({ state: 'paid', user: { id: user.uid } });
    expect((await userRow(app, user.uid)).vipExpireAt).not.toBeNull();
    expect((await noticesOf(user.uid))[0]?.content).toContain(order.result.orderNo);
    expect((await noticeIn(user.token, 'en')).content).toBe(
      `Your transfer was confirmed: order ${order.result.orderNo} is paid.`,
    );
    const [entry] = (await auditOf('order.confirm_offline')).filter(
      (a) => a.targetId === order.result.orderNo,
    );
    expect(entry).toMatchObject({ before: { state: 'pending' }, after: { state: 'paid' } });
    expect((await call('/api/console/orders/confirm-offline', admin, { id: order.result.id })).status).toBe(
      409,
    );
  });

  it('points granted with a reason, a physical mall item shipped: the user sees courier and tracking number', async () => {
    const user = await newUser(app);
    expect(
      (await call('/api/console/users/grant', admin, { userId: user.uid, kind: 'points', amount: 500 }))
        .status,
    ).toBe(400);
    const granted = await call<{ points: number }>('/api/console/users/grant', admin, {
      userId: user.uid,
      kind: 'points',
      amount: 500,
      reason: '活动补偿',
    });
    expect(granted.result.points).toBe(500);
    expect(
      (
        await call('/api/console/users/grant', admin, {
          userId: user.uid,
          kind: 'points',
          amount: -501,
          reason: '扣回',
        })
      ).error,
    ).toBe('console_insufficient_balance');
    const ledger = await call<Paged<{ amount: number; asset: string }>>('/api/console/users/ledger', admin, {
      filters: { userId: user.uid },
    });
    expect(ledger.result.items[0]).toMatchObject({ amount: 500, asset: 'points' });

    const item = await call<{ id: number }>('/api/sysPointsMall/add', admin, {
      name: '定制帆布袋',
      image: '/static/images/share.svg',
      kind: 'physical',
      points: 100,
      stock: 5,
    });
    const exchanged = await call<{ record: { id: number; status: string } }>(
      '/api/sysPointsMall/exchange',
      user.token,
      { itemId: item.result.id },
    );
    expect(exchanged.result.record.status).toBe('shipping');

    const toShip = await call<Paged<{ id: number; user: { id: number } }>>(
      '/api/console/mall/shipping/page',
      admin,
      {
        filters: { status: 'shipping', userId: user.uid },
      },
    );
    expect(toShip.result.items.map((s) => s.id)).toEqual([exchanged.result.record.id]);
    expect(
      (
        await call('/api/console/mall/shipping/ship', admin, {
          id: exchanged.result.record.id,
          courier: '顺丰',
          trackingNo: '!!',
        })
      ).status,
    ).toBe(400);
    const shipped = await call<{ status: string }>('/api/console/mall/shipping/ship', admin, {
      id: exchanged.result.record.id,
      courier: '顺丰',
      trackingNo: 'SF1234567890',
    });
    expect(shipped.result.status).toBe('shipped');
    const mine = await call<Paged<{ status: string; courier: string; trackingNo: string }>>(
      '/api/sysPointsMall/myExchanges',
      user.token,
      undefined,
      'GET',
    );
    expect(mine.result.items[0]).toMatchObject({
      status: 'shipped',
      courier: '顺丰',
      trackingNo: 'SF1234567890',
    });
    expect((await noticesOf(user.uid))[0]?.content).toContain('SF1234567890');
  });

  it('an ambassador application approved or rejected with a reason reaches the user', async () => {
    const user = await newUser(app);
    await call('/api/sysAmbassador/apply', user.token, {
      platform: '小红书',
      accountName: 'abc',
      followers: 1200,
      contact: '13800000001',
    });
    const page = await call<Paged<{ id: number; user: { id: number }; state: string }>>(
      '/api/console/ambassador/applications/page',
      admin,
      {
        filters: { state: 'pending', userId: user.uid },
      },
    );
    const application = page.result.items[0]!;
    const rejected = await call<{ state: string; reviewNote: string }>(
      '/api/console/ambassador/applications/reject',
      admin,
      {
        id: application.id,
        reason: '粉丝数不足',
      },
    );
    expect(rejected.result).toMatchObject({ state: 'rejected', reviewNote: '粉丝数不足' });
    expect((await noticesOf(user.uid))[0]?.content).toContain('粉丝数不足');
    expect(
      (await auditOf('ambassador_application.reject')).some((a) => a.targetId === String(application.id)),
    ).toBe(true);
  });

  it('a ban ends every session and refuses login until unbanned; operators cannot be banned', async () => {
    const phoneUser = await newUser(app);
    await app.platform.db
      .update(users)
      .set({ account: `ban_${phoneUser.uid}` })
      .where(eq(users.id, phoneUser.uid));
    const banned = await call<{ banned: boolean }>('/api/console/users/ban', admin, {
      userId: phoneUser.uid,
      reason: '刷单',
      days: 7,
    });
    expect(banned.result.banned).toBe(true);
    expect((await call('/api/sysUser/baseInfo', phoneUser.token, undefined, 'GET')).status).toBe(401);
    const session = await app.platform.sessions
      .start({ uid: phoneUser.uid, tenantId: 1, roles: ['user'] })
      .catch((e: unknown) => e);
    expect((session as { id?: string }).id).toBe('account_banned');
    expect((await call('/api/console/users/ban', admin, { userId: adminId, reason: 'x' })).error).toBe(
      'console_protected_user',
    );
    const unbanned = await call<{ banned: boolean }>('/api/console/users/unban', admin, {
      userId: phoneUser.uid,
      reason: '申诉通过',
    });
    expect(unbanned.result.banned).toBe(false);
    await expect(
      app.platform.sessions.start({ uid: phoneUser.uid, tenantId: 1, roles: ['user'] }),
    ).resolves.toBeTruthy();
    const found = await call<Paged<{ id: number }>>('/api/console/users/page', admin, {
      filters: { keyword: String(phoneUser.uid) },
    });
    expect(found.result.items.map((u) => u.id)).toEqual([phoneUser.uid]);
    const detail = await call<{ id: number; banReason: string | null }>(
      `/api/console/users/detail?userId=${phoneUser.uid}`,
      admin,
      undefined,
      'GET',
    );
    expect(detail.result).toMatchObject({ id: phoneUser.uid, banReason: null });
  });

  it('dashboard: today and 30 days of daily rollups move with what users do', async () => {
    type Day = {
      date: string;
      newUsers: number;
      paidOrders: number;
      revenueFen: number;
      goldSold: number;
      goldSpent: number;
      checkIns: number;
    };
    type Board = { today: Day; days: Day[]; revenueByPayMethod: { payMethod: number; orders: number }[] };
    const before = (await call<Board>('/api/console/dashboard', admin, undefined, 'GET')).result;
    expect(before.days).toHaveLength(30);
    expect(before.days[29]!.date).toBe(before.today.date);

    const user = await newUser(app, { gold: 1000 });
    await call('/api/sysDailyCheckin/checkIn', user.token, {});
    const month = await packageId(app, 'vip_month');
    const order = await call<{ id: number }>('/api/sysPay/buyGoldPackage', user.token, {
      packageId: month,
      payMethod: PayMethod.Offline,
    });
    await call('/api/console/orders/confirm-offline', admin, { id: order.result.id });
    // The figures are daily rollups: the recurring refresh brings today's up to date.
    const refresh = await app.platform.jobs.enqueue(ROLLUP_REFRESH_JOB, {});
    await waitFor(async () => (await app.platform.jobs.get(refresh.id))?.state === 'succeeded');

    const after = (await call<Board>('/api/console/dashboard', admin, undefined, 'GET')).result;
    expect(after.today.newUsers).toBe(before.today.newUsers + 1);
    expect(after.today.paidOrders).toBe(before.today.paidOrders + 1);
    expect(after.today.revenueFen).toBeGreaterThan(before.today.revenueFen);
    const offline = (b: Board) =>
      b.revenueByPayMethod.find((m) => m.payMethod === PayMethod.Offline)?.orders ?? 0;
    expect(offline(after)).toBe(offline(before) + 1);
  });

  it('feedback: the queue counts it, the reply marks it handled, reaches the user and is audited', async () => {
    const user = await newUser(app);
    expect(
      (await call('/api/sysFeedback/add', user.token, { type: 'bug', content: '页面打不开了，请看看' }))
        .status,
    ).toBe(200);
    const page = await call<Paged<{ id: number; status: string }>>('/api/console/feedback/page', admin, {
      filters: { status: 'pending', keyword: '页面打不开' },
      sortOrder: 'asc',
    });
    const item = page.result.items.at(-1)!;
    const replied = await call<{ status: string; reply: string }>('/api/console/feedback/reply', admin, {
      id: item.id,
      reply: '已修复，请重试',
    });
    expect(replied.result).toMatchObject({ status: 'handled', reply: '已修复，请重试' });
    expect((await noticesOf(user.uid))[0]?.content).toBe('已修复，请重试');
    expect((await auditOf('feedback.reply')).some((a) => a.targetId === String(item.id))).toBe(true);
  });

  it('configuration: app_config raises its version, dictionaries, check-in rules, sensitive words, banners, profiles', async () => {
    const config = await call<{ values: Record<string, unknown>; version: number }>(
      '/api/console/app-config',
      admin,
      undefined,
      'GET',
    );
    expect(config.result.values.questionNum).toEqual(expect.any(Number));
    expect((await call('/api/console/app-config', admin, { values: { questionNum: -1 } })).status).toBe(400);
    expect((await call('/api/console/app-config', admin, { values: { apiCaches: {} } })).status).toBe(400);
    const changed = await call<{ values: Record<string, unknown>; version: number }>(
      '/api/console/app-config',
      admin,
      {
        values: { questionNum: 7 },
      },
    );
    expect(changed.result.values.questionNum).toBe(7);
    expect(changed.result.version).toBeGreaterThan(config.result.version);
    const [entry] = await auditOf('app_config.update');
    expect(entry).toMatchObject({
      before: { questionNum: config.result.values.questionNum },
      after: { questionNum: 7 },
    });

    const rules = await call<{ pointsPerStreakDay: number[] }>(
      '/api/console/check-in/rules',
      admin,
      undefined,
      'GET',
    );
    expect(rules.result.pointsPerStreakDay.length).toBeGreaterThan(0);
    const newRules = await call<{ pointsPerStreakDay: number[] }>('/api/console/check-in/rules', admin, {
      pointsPerStreakDay: [5, 10, 15],
      rules: ['每天签到得积分'],
    });
    expect(newRules.result.pointsPerStreakDay).toEqual([5, 10, 15]);

    const imported = await call<{ added: number; skipped: number; invalid: string[] }>(
      '/api/console/sensitive-words/import',
      admin,
      {
        text: '# 注释\n违禁测试词甲\n违禁测试词乙\n违禁测试词甲\nx\n',
      },
    );
    expect(imported.result).toMatchObject({ added: 2, skipped: 0, invalid: ['x'] });
    const again = await call<{ added: number; skipped: number }>('/api/console/sensitive-words/add', admin, {
      words: ['违禁测试词甲'],
    });
    expect(again.result).toMatchObject({ added: 0, skipped: 1 });
    const words = await call<Paged<{ id: number; word: string }>>(
      '/api/console/sensitive-words/page',
      admin,
      {
        filters: { keyword: '违禁测试词' },
      },
    );
    expect(words.result.total).toBe(2);
    const removed = await call<{ removed: number }>('/api/console/sensitive-words/remove', admin, {
      ids: words.result.items.map((w) => w.id),
    });
    expect(removed.result.removed).toBe(2);

    const banner = await call<{ id: number; title: string }>('/api/console/common-info/add', admin, {
      categoryId: 1,
      title: '双十一活动',
    });
    await call('/api/console/common-info/update', admin, { id: banner.result.id, title: '双十二活动' });
    const banners = await call<Paged<{ title: string }>>('/api/console/common-info/page', admin, {
      filters: { categoryId: 1, keyword: '双十二' },
    });
    expect(banners.result.items.map((b) => b.title)).toEqual(['双十二活动']);
    expect((await call('/api/console/common-info/delete', admin, { id: banner.result.id })).status).toBe(200);
    expect((await call('/api/console/common-info/delete', admin, { id: banner.result.id })).status).toBe(404);

    const profiles = await call<{ userId: number }[]>('/api/console/profiles', admin, undefined, 'GET');
    expect(profiles.result.map((p) => p.userId)).toEqual([999, 10086]);
    const robot = await call<{ nickName: string }>('/api/console/profiles/update', admin, {
      userId: 999,
      nickName: '小创',
    });
    expect(robot.result.nickName).toBe('小创');
    expect(
      (await call('/api/console/profiles/update', admin, { userId: 100001, nickName: 'x' })).status,
    ).toBe(400);
  });

  it('commerce and activities: packages, coupon batches and their redemptions, prizes, mall items, templates', async () => {
    const pkg = await call<{ id: number; os: string; soldCount: number }>(
      '/api/console/packages/add',
      admin,
      {
        name: '季卡',
        packageType: 'vip',
        priceFen: 6800,
        vipDays: 90,
        vipLevel: 1,
        os: 'android',
      },
    );
    expect(pkg.result).toMatchObject({ os: 'android', soldCount: 0 });
    const off = await call<{ status: number }>('/api/console/packages/update', admin, {
      id: pkg.result.id,
      status: 0,
    });
    expect(off.result.status).toBe(0);
    const packages = await call<Paged<{ id: number }>>('/api/console/packages/page', admin, {
      filters: { status: 0 },
      sortField: 'priceFen',
    });
    expect(packages.result.items.map((p) => p.id)).toContain(pkg.result.id);

    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const batch = await call<{ id: number; codeCount: number; redeemedCount: number }>(
      '/api/console/coupons/batches/add',
      admin,
      {
        name: '新人券',
        type: 1,
        value: 500,
        validFrom: new Date().toISOString(),
        validUntil: until,
        codeCount: 10,
      },
    );
    expect(batch.result).toMatchObject({ codeCount: 10, redeemedCount: 0 });
    const codes = await call<Paged<{ couponState: string }>>('/api/console/coupons/codes/page', admin, {
      filters: { batchId: batch.result.id },
    });
    expect(codes.result.total).toBe(10);
    expect(codes.result.items.every((c) => c.couponState === 'unredeemed')).toBe(true);

    const prizes = await call<{ id: number; slot: number }[]>('/api/console/prizes', admin, undefined, 'GET');
    expect(prizes.result.length).toBeGreaterThan(0);
    const weight = await call<{ weight: number }>('/api/console/prizes/update', admin, {
      id: prizes.result[0]!.id,
      weight: 3,
    });
    expect(weight.result.weight).toBe(3);
    expect((await auditOf('prize.update')).length).toBeGreaterThan(0);

    const item = await call<{ id: number }>('/api/console/mall/items/add', admin, {
      name: '控制台商品',
      image: '/static/images/share.svg',
      kind: 'gold',
      amount: 100,
      points: 50,
      stock: 3,
    });
    const items = await call<Paged<{ id: number }>>('/api/console/mall/items/page', admin, {
      filters: { keyword: '控制台商品' },
    });
    expect(items.result.items.map((i) => i.id)).toEqual([item.result.id]);
    // Named by what its audit row holds (an item added with its name).
    expect((await auditOf('mall_item.add')).find((a) => a.targetId === String(item.result.id))?.targetName).toBe('控制台商品');
    await call('/api/console/mall/items/delete', admin, { id: item.result.id });
    expect(
      (
        await call<Paged<unknown>>('/api/console/mall/items/page', admin, {
          filters: { keyword: '控制台商品' },
        })
      ).result.total,
    ).toBe(0);

    const categories = await call<{ id: number }[]>(
      '/api/sysPromptTemplate/categories',
      null,
      undefined,
      'GET',
    );
    const categoryId = categories.result[0]?.id ?? 1;
    const template = await call<{ id: number; prompt: string }>('/api/console/prompt-templates/add', admin, {
      categoryId,
      title: '活动通知',
      prompt: '写一段活动通知：{{topic}}',
    });
    expect(template.status).toBe(200);
    const edited = await call<{ prompt: string }>('/api/console/prompt-templates/update', admin, {
      id: template.result.id,
      prompt: '新的提示词',
    });
    expect(edited.result.prompt).toBe('新的提示词');
  });

  it('the older operator endpoints are audited too: sensitive words, vote options, customer-service replies', async () => {
    const ofTarget = async (prefix: string, targetId?: number) =>
      (await auditOf(prefix)).filter((a) => targetId === undefined || a.targetId === String(targetId));

    // Sensitive words (/api/sysSensitiveWord/*): who, what, before and after.
    const added = await call<{ added: number }>('/api/sysSensitiveWord/add', admin, {
      words: ['审计词甲', '审计词乙'],
      category: 'other',
    });
    expect(added.result.added).toBe(2);
    const [addRow] = await ofTarget('sensitive_word.add');
    expect(addRow).toMatchObject({
      operator: { id: adminId },
      after: { words: ['审计词甲', '审计词乙'], added: 2 },
    });
    const page = await call<Paged<{ id: number; word: string }>>('/api/sysSensitiveWord/page', admin, {
      page: 1,
      pageSize: 10,
      word: '审计词',
    });
    const [first, second] = [...page.result.items].sort((a, b) => a.word.localeCompare(b.word, 'zh'));
    expect(
      (await call('/api/sysSensitiveWord/update', admin, { id: first!.id, word: '审计词丙' })).status,
    ).toBe(200);
    expect((await ofTarget('sensitive_word.update', first!.id))[0]).toMatchObject({
      before: { word: first!.word, category: 'other' },
      after: { word: '审计词丙' },
    });
    // A refused change leaves neither the change nor an audit row.
    const updates = (await ofTarget('sensitive_word.update')).length;
    expect(
      (await call('/api/sysSensitiveWord/update', admin, { id: second!.id, word: '审计词丙' })).status,
    ).toBe(409);
    expect(await ofTarget('sensitive_word.update')).toHaveLength(updates);
    expect((await call('/api/sysSensitiveWord/delete', admin, { ids: [first!.id, second!.id] })).status).toBe(
      200,
    );
    expect((await ofTarget('sensitive_word.remove'))[0]?.before).toEqual({
      words: expect.arrayContaining(['审计词丙', second!.word]),
    });

    // Vote options (/api/sysFoodVote/*).
    const option = await call<{ id: number }>('/api/sysFoodVote/add', admin, {
      name: '审计菜',
      image: '/static/activity/vote-pickled-fish.svg',
    });
    expect((await ofTarget('vote_option.add', option.result.id))[0]).toMatchObject({
      after: { name: '审计菜' },
    });
    expect(
      (await call('/api/sysFoodVote/update', admin, { id: option.result.id, name: '审计菜二', status: 0 }))
        .status,
    ).toBe(200);
    expect((await ofTarget('vote_option.update', option.result.id))[0]).toMatchObject({
      before: { name: '审计菜', status: 1 },
      after: { name: '审计菜二', status: 0 },
    });
    expect((await call('/api/sysFoodVote/delete', admin, { id: option.result.id })).status).toBe(200);
    expect((await ofTarget('vote_option.delete', option.result.id))[0]).toMatchObject({
      before: { name: '审计菜二' },
    });
    expect((await call('/api/sysFoodVote/update', admin, { id: option.result.id, name: 'x' })).status).toBe(
      404,
    );
    expect(await ofTarget('vote_option.update', option.result.id)).toHaveLength(1);

    // A customer-service reply: the notice and its audit row.
    const user = await newUser(app);
    const reply = await call<{ id: number }>('/api/sysCustomerService/reply', admin, {
      userId: user.uid,
      content: '审计回复',
    });
    expect(reply.status).toBe(200);
    expect((await ofTarget('service.reply', user.uid))[0]).toMatchObject({
      operator: { id: adminId },
      targetType: 'user',
      after: { messageId: reply.result.id, content: '审计回复' },
    });
    expect((await noticesOf(user.uid))[0]).toMatchObject({ id: reply.result.id, content: '审计回复' });
  });

  it('a coupon batch of N has N distinct unguessable codes, each redeemed once, listed with who redeemed it, when and on which order', async () => {
    type Code = {
      code: string;
      user: { id: number } | null;
      redeemTime: string | null;
      couponState: string;
      orderId: number | null;
    };
    const batch = await call<{ id: number; codeCount: number }>('/api/console/coupons/batches/add', admin, {
      name: '一码一券',
      type: 1,
      value: 300,
      validFrom: new Date().toISOString(),
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      codeCount: 5,
    });
    expect(batch.status).toBe(200);
    const codesOf = async (filters: Record<string, unknown> = {}) =>
      (
        await call<Paged<Code>>('/api/console/coupons/codes/page', admin, {
          pageSize: 50,
          filters: { batchId: batch.result.id, ...filters },
        })
      ).result;
    const all = await codesOf();
    expect(all.total).toBe(5);
    const codes = all.items.map((c) => c.code);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(
      all.items.every((c) => c.user === null && c.redeemTime === null && c.couponState === 'unredeemed'),
    ).toBe(true);
    // The audit row does not carry the codes (they are the batch's secrets).
    const [audit] = (await auditOf('coupon_batch.add')).filter((a) => a.targetId === String(batch.result.id));
    expect(JSON.stringify(audit)).not.toContain(codes[0]!);

    const a = await newUser(app, { gold: 100_000 });
    const b = await newUser(app);
    const exchange = (token: string, code: string) =>
      call<{ kind: string; coupon: { id: number; value: number } }>('/api/sysCoupon/exchange', token, {
        code,
      });
    const first = await exchange(a.token, codes[0]!.toLowerCase());
    expect(first.result).toMatchObject({ kind: 'coupon', coupon: { value: 300 } });
    // Once only, whoever tries; one per user per batch; unknown codes stay unknown.
    expect((await exchange(b.token, codes[0]!)).error).toBe('coupon_code_invalid');
    expect((await exchange(a.token, codes[1]!)).error).toBe('coupon_limit_reached');
    // Typed as people copy codes: in lower case, in groups of four, O for 0 and l for 1.
    const typed = codes[1]!.match(/.{4}/g)!.join('-').replace(/0/g, 'O').replace(/1/g, 'l');
    expect((await exchange(b.token, typed.toLowerCase())).result.kind).toBe('coupon');
    expect((await exchange(b.token, 'ZZZZZZZZZZZZ')).error).toBe('coupon_code_invalid');

    // Used on an order: the code shows the order.
    const order = await call<{ id: number }>('/api/sysPay/buyGoldPackage', a.token, {
      packageId: await packageId(app, 'vip_month'),
      payMethod: PayMethod.Local,
      couponId: first.result.coupon.id,
    });
    expect(order.status).toBe(200);
    const redeemed = await codesOf({ redeemed: true });
    expect(redeemed.total).toBe(2);
    expect(redeemed.items.find((c) => c.code === codes[0])).toMatchObject({
      user: { id: a.uid },
      redeemTime: expect.any(String),
      couponState: 'used',
      orderId: order.result.id,
    });
    expect(redeemed.items.find((c) => c.code === codes[1])).toMatchObject({
      user: { id: b.uid },
      couponState: 'usable',
      orderId: null,
    });
    expect((await codesOf({ redeemed: false })).total).toBe(3);
    const [listed] = (
      await call<Paged<{ id: number; redeemedCount: number; usedCount: number }>>(
        '/api/console/coupons/batches/page',
        admin,
        { filters: { keyword: '一码一券' } },
      )
    ).result.items;
    expect(listed).toMatchObject({ id: batch.result.id, redeemedCount: 2, usedCount: 1 });
  });

  it('the audit log cannot be changed or removed, not even by plain SQL', async () => {
    const before = (await app.platform.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect(before).toBeGreaterThan(0);
    await expect(app.platform.db.execute(sql`UPDATE audit_log SET reason = 'edited'`)).rejects.toThrow();
    await expect(app.platform.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const after = (await app.platform.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect(after).toBe(before);
    const filtered = await call<Paged<Audit>>('/api/console/audit/page', admin, {
      filters: { action: 'user.' },
      sortOrder: 'asc',
    });
    expect(filtered.result.items.length).toBeGreaterThan(0);
    expect(filtered.result.items.every((a) => a.action.startsWith('user.'))).toBe(true);
  });
});
