import { idCardCheckChar, PayMethod, type DeletionLosses, type DeletionRequest } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { articles, auditLog, imMessages, payOrders, users } from '../../schema.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import {
  freshPhone,
  get,
  lastCode,
  loginByPhone,
  passwordLogin,
  post,
} from '../../test/auth.js';
import { packageId } from '../../test/commerce.js';
import { DELETION_RETRY_MS } from './account-deletion.sweep.js';

const DAY = 86_400_000;
const first17 = '11010519491231002';
const ID = `${first17}${idCardCheckChar(first17)}`;
const START = '2026-03-02T02:00:00.000Z';
type Pair = { accessToken: string; refreshToken: string };

describe('account deletion (注销): proof, losses, cooling-off, cancel, the anonymisation', () => {
  const clock = fixedClock(START);
  let app: TestApp;
  let month: number;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    month = await packageId(app, 'vip_month');
  });
  afterAll(() => app.close());

  const uidOf = (pair: Pair) => decodeJwt(pair.accessToken).uid as number;
  const userRow = async (uid: number) =>
    (await app.platform.db.select().from(users).where(eq(users.id, uid)))[0]!;
  const auditOf = async (uid: number) =>
    (
      await app.platform.db
        .select({ action: auditLog.action, operatorId: auditLog.operatorId })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(uid))))
    ).map((r) => `${r.action} by ${r.operatorId}`);
  const losses = async (token: string) =>
    json<DeletionLosses>(await get(app, '/api/sysUser/deletionLosses', token)).result;
  /** A user with a password, so either proof works. */
  const newUser = async () => {
    const phone = freshPhone();
    const pair = await loginByPhone(app, phone);
    await post(app, '/api/sysUser/setPwd', { password: 'first-pass1' }, pair.accessToken);
    return { phone, pair, uid: uidOf(pair) };
  };
  const requestWithCode = async (phone: string, token: string) => {
    clock.advance(61_000); // past the resend wait of the login's code
    expect((await post(app, '/api/sysUser/sendDeleteCode', undefined, token)).statusCode).toBe(200);
    return post(app, '/api/sysUser/fakeDelete', { code: await lastCode(app, phone) }, token);
  };
  /** Runs the recurring jobs that are due and waits until `done` holds. */
  const sweepUntil = async (done: () => Promise<boolean>) => {
    await app.platform.jobs.runDue();
    const deadline = Date.now() + 15_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await done()).toBe(true);
  };

  it('lists what is lost: VIP days left, gold and points, orders being paid, works and drafts', async () => {
    clock.set(START);
    const { uid, pair } = await newUser();
    const now = clock.now();
    await app.platform.db
      .update(users)
      .set({ vipLevel: 1, vipExpireAt: new Date(now.getTime() + 10 * DAY - 3600_000), gold: 1234, points: 56 })
      .where(eq(users.id, uid));
    const article = { tenantId: 1, userId: uid, categoryId: 1, title: 't', createdAt: now, updatedAt: now };
    await app.platform.db.insert(articles).values([
      { ...article, status: 'published', publishedAt: now },
      { ...article, status: 'published', publishedAt: now },
      { ...article, status: 'draft' },
    ]);
    const order = json<{ orderNo: string }>(
      await post(app, '/api/sysPay/buyGoldPackage', { packageId: month, payMethod: PayMethod.Offline }, pair.accessToken),
    ).result;

    expect(await losses(pair.accessToken)).toMatchObject({
      vipDaysLeft: 10,
      gold: 1234,
      points: 56,
      openOrders: [{ orderNo: order.orderNo, packageName: '月卡会员' }],
      works: { articles: { count: 2, more: false }, drafts: { count: 1, more: false } },
      coolingOffDays: 15,
      proof: { password: true },
      dueAt: null,
    });
    // Another user's works are not counted, and a stranger without a token learns nothing.
    const other = await newUser();
    expect((await losses(other.pair.accessToken)).works.articles.count).toBe(0);
    expect((await get(app, '/api/sysUser/deletionLosses')).statusCode).toBe(401);
  });

  it('needs a fresh proof: no proof, a wrong code or password change nothing; the right code starts the cooling-off', async () => {
    clock.set(START);
    const { phone, pair, uid } = await newUser();
    const elsewhere = json<Pair>(await passwordLogin(app, phone, 'first-pass1')).result;
    const noProof = await post(app, '/api/sysUser/fakeDelete', {}, pair.accessToken);
    expect(noProof.statusCode).toBe(400);
    const wrongPassword = await post(app, '/api/sysUser/fakeDelete', { password: 'nope-nope1' }, pair.accessToken);
    expect(json(wrongPassword).extras?.error).toBe('deletion_password_wrong');
    clock.advance(61_000);
    await post(app, '/api/sysUser/sendDeleteCode', undefined, pair.accessToken);
    const code = await lastCode(app, phone);
    const wrongCode = await post(app, '/api/sysUser/fakeDelete', { code: code === '000000' ? '111111' : '000000' }, pair.accessToken);
    expect(json(wrongCode).extras?.error).toBe('sms_code_wrong');
    expect((await userRow(uid)).deletionDueAt).toBeNull();
    expect((await get(app, '/api/sysUser/baseInfo', pair.accessToken)).statusCode).toBe(200);

    const ok = await post(app, '/api/sysUser/fakeDelete', { code }, pair.accessToken);
    expect(ok.statusCode).toBe(200);
    const due = new Date(clock.now().getTime() + 15 * DAY).toISOString();
    expect(json<DeletionRequest>(ok).result).toEqual({ requestedAt: clock.now().toISOString(), dueAt: due });
    // Logged out on every other device (this one logs out after its confirmation screen), nothing anonymised
    // yet; the audit row and the user's notice came with it.
    expect((await get(app, '/api/sysUser/baseInfo', elsewhere.accessToken)).statusCode).toBe(401);
    expect((await post(app, '/api/sysAuth/logout', undefined, pair.accessToken)).statusCode).toBe(200);
    expect((await get(app, '/api/sysUser/baseInfo', pair.accessToken)).statusCode).toBe(401);
    const row = await userRow(uid);
    expect(row).toMatchObject({ phone, deletedAt: null });
    expect(row.deletionDueAt?.toISOString()).toBe(due);
    expect(await auditOf(uid)).toEqual([`account.deletion_request by ${uid}`]);
    const notices = await app.platform.db.select().from(imMessages).where(eq(imMessages.userId, uid));
    expect(notices.map((n) => n.title)).toContain('注销申请已提交');
  });

  it('logging in during the cooling-off period shows the pending deletion; cancelling restores the account', async () => {
    // From here on the clock only moves forward: the recurring sweep's schedule is kept in the database.
    const { phone, pair, uid } = await newUser();
    const requested = await requestWithCode(phone, pair.accessToken);
    expect(requested.statusCode).toBe(200);

    clock.advance(3 * DAY);
    const again = json<Pair>(await passwordLogin(app, phone, 'first-pass1')).result;
    const base = json<{ deletionDueAt: string | null; nickName: string }>(
      await get(app, '/api/sysUser/baseInfo', again.accessToken),
    ).result;
    expect(base.deletionDueAt).toBe(json<DeletionRequest>(requested).result.dueAt);
    expect((await losses(again.accessToken)).dueAt).toBe(base.deletionDueAt);
    // A second request while one is pending is refused and says when.
    const twice = await post(app, '/api/sysUser/fakeDelete', { password: 'first-pass1' }, again.accessToken);
    expect(json(twice).extras?.error).toBe('deletion_pending');

    expect((await post(app, '/api/sysUser/cancelDelete', undefined, again.accessToken)).statusCode).toBe(200);
    expect(
      json<{ deletionDueAt: string | null }>(await get(app, '/api/sysUser/baseInfo', again.accessToken)).result
        .deletionDueAt,
    ).toBeNull();
    const none = await post(app, '/api/sysUser/cancelDelete', undefined, again.accessToken);
    expect(json(none).extras?.error).toBe('deletion_not_pending');

    // Long after the old due date the sweep leaves the account alone.
    clock.advance(20 * DAY);
    await app.platform.jobs.runDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(await userRow(uid)).toMatchObject({ phone, deletedAt: null, nickName: base.nickName });
    expect(await auditOf(uid)).toEqual([
      `account.deletion_request by ${uid}`,
      `account.deletion_cancel by ${uid}`,
    ]);
  });

  it('after the cooling-off period the recurring job anonymises the account once; the phone registers anew', async () => {
    const { phone, pair, uid } = await newUser();
    await post(app, '/api/sysAuthenticationInfo/add', { realName: '孙七', idCardNum: ID }, pair.accessToken);
    await post(app, '/api/sysUserExtInfo/metadataUpdate', { metadata: { homeBg: '/uploads/x.png' } }, pair.accessToken);
    const ok = await post(app, '/api/sysUser/fakeDelete', { password: 'first-pass1' }, pair.accessToken);
    expect(ok.statusCode).toBe(200);
    const during = json<Pair>(await passwordLogin(app, phone, 'first-pass1')).result;

    clock.advance(15 * DAY - 60_000);
    await app.platform.jobs.runDue();
    await new Promise((r) => setTimeout(r, 300));
    expect((await userRow(uid)).deletedAt).toBeNull();

    clock.advance(11 * 60_000); // past the due time and the sweep's next slot
    await sweepUntil(async () => (await userRow(uid)).deletedAt !== null);
    expect(await userRow(uid)).toMatchObject({
      phone: null,
      passwordHash: null,
      nickName: '已注销用户',
      deletionDueAt: null,
    });
    // The session of the login during the cooling-off period ended with the account.
    expect((await get(app, '/api/sysUser/baseInfo', during.accessToken)).statusCode).toBe(401);
    const profile = json(await get(app, `/api/sysUser/userInfo?userId=${uid}`)).result;
    expect(profile).toMatchObject({ nickName: '已注销用户', homeBg: null, isDeleted: true, isVip: false });
    expect((await passwordLogin(app, phone, 'first-pass1')).statusCode).toBe(400);
    // The real-name submission went with the personal data.
    const realNames = JSON.stringify(await app.platform.db.execute(sql`select real_name from user_real_name`));
    expect(realNames).not.toContain('孙七');
    expect(await auditOf(uid)).toEqual([`account.deletion_request by ${uid}`, 'account.delete by 0']);

    // Idempotent: another run finds nothing more to do.
    clock.advance(11 * 60_000);
    await app.platform.jobs.runDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(await auditOf(uid)).toHaveLength(2);

    clock.advance(61_000);
    expect(uidOf(await loginByPhone(app, phone))).not.toBe(uid);
  });

  it('waits while an order is being paid: the request is refused and says which; the sweep postpones', async () => {
    const { pair, uid } = await newUser();
    const order = json<{ id: number; orderNo: string }>(
      await post(app, '/api/sysPay/buyGoldPackage', { packageId: month, payMethod: PayMethod.Offline }, pair.accessToken),
    ).result;
    const refused = await post(app, '/api/sysUser/fakeDelete', { password: 'first-pass1' }, pair.accessToken, {
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).extras).toMatchObject({ error: 'deletion_order_in_progress', orderNo: order.orderNo });
    expect(json(refused).message).toContain(order.orderNo);
    expect(json(refused).message).toContain('being paid');
    expect((await userRow(uid)).deletionDueAt).toBeNull();

    // Cancelled: the request goes through. An order made during the cooling-off period holds the sweep back.
    expect((await post(app, '/api/sysOrder/cancel', { id: order.id }, pair.accessToken)).statusCode).toBe(200);
    expect((await app.platform.db.select().from(payOrders).where(eq(payOrders.id, order.id)))[0]!.state).toBe(
      'canceled',
    );
    expect((await post(app, '/api/sysUser/fakeDelete', { password: 'first-pass1' }, pair.accessToken)).statusCode).toBe(200);
    clock.advance(15 * DAY - DAY / 2);
    const during = json<Pair>(await passwordLogin(app, (await userRow(uid)).phone!, 'first-pass1')).result;
    const late = await post(
      app,
      '/api/sysPay/buyGoldPackage',
      { packageId: month, payMethod: PayMethod.Offline },
      during.accessToken,
    );
    expect(late.statusCode).toBe(200);

    clock.advance(DAY / 2 + 11 * 60_000);
    const dueBefore = (await userRow(uid)).deletionDueAt!.getTime();
    await sweepUntil(async () => (await userRow(uid)).deletionDueAt!.getTime() !== dueBefore);
    const row = await userRow(uid);
    expect(row.deletedAt).toBeNull();
    expect(row.deletionDueAt!.getTime()).toBe(clock.now().getTime() + DELETION_RETRY_MS);
  });
});
