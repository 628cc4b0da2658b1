import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { fixedClock } from '../../platform/clock.js';
import { tenants } from '../../platform/db/tenant.table.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, freshPhone, get, loginByPhone, passwordLogin, post } from '../../test/auth.js';
import { MAX_FAILED_LOGINS } from './auth.service.js';

type Pair = { accessToken: string; refreshToken: string };

describe('logins and sessions', () => {
  const clock = fixedClock('2026-03-02T02:00:00.000Z');
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
  });
  afterAll(() => app.close());

  it('loginConfig: sms, password and visitor on; WeChat off until configured', async () => {
    const res = await get(app, '/api/sysAuth/loginConfig');
    expect(json(res).result).toEqual({
      sms: true,
      password: true,
      visitor: true,
      wechat: false,
      smsResendSeconds: 60,
      smsCodeLength: 6,
    });
  });

  it('phone login registers on first use, then logs the same user in', async () => {
    const phone = freshPhone();
    const first = await loginByPhone(app, phone);
    const claims = decodeJwt(first.accessToken);
    expect(claims).toMatchObject({ tenantId: 1, roles: ['user'], permissions: [] });
    expect(typeof claims.uid).toBe('number');
    expect(claims.exp).toBe(Math.floor(clock.now().getTime() / 1000) + 7200);
    clock.advance(61_000);
    const second = await loginByPhone(app, `0086${phone}`);
    expect(decodeJwt(second.accessToken).uid).toBe(claims.uid);

    const info = json<Record<string, unknown>>(
      await get(app, '/api/sysAuth/userInfo', second.accessToken),
    ).result;
    expect(info).toMatchObject({
      id: claims.uid,
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      nickName: `用户${phone.slice(-4)}`,
      avatar: '/static/images/avatar-default.svg',
      isGuest: false,
      hasPassword: false,
    });
  });

  it('password login by phone and by account name', async () => {
    const byPhone = await passwordLogin(app, '13800000000', 'demo123456');
    expect(byPhone.statusCode).toBe(200);
    const byAccount = await passwordLogin(app, 'demo', 'demo123456');
    expect(byAccount.statusCode).toBe(200);
    expect(decodeJwt(json<Pair>(byPhone).result.accessToken).uid).toBe(
      decodeJwt(json<Pair>(byAccount).result.accessToken).uid,
    );
    const admin = json<Pair>(await passwordLogin(app, 'admin', 'admin123456')).result;
    expect(decodeJwt(admin.accessToken)).toMatchObject({ roles: ['admin'], permissions: ['*'] });
  });

  it('password login validates the phone or the account it was given (spec §5) before looking anyone up', async () => {
    const cases: [string, string, string][] = [
      ['ab', 'account', '账号为4-14位字母、数字、下划线或减号'],
      ['张三丰的号', 'account', '账号为4-14位字母、数字、下划线或减号'],
      ['138000000001', 'account', '请输入正确的手机号'],
    ];
    for (const [account, field, message] of cases) {
      const res = await passwordLogin(app, account, 'demo123456');
      expect(res.statusCode, account).toBe(400);
      expect(json(res).extras?.error).toBe('validation_failed');
      expect((json(res).message as Record<string, string[]>)[field]).toEqual([message]);
    }
  });

  it('wrong password and unknown account answer the same message', async () => {
    const wrong = await passwordLogin(app, 'demovip', 'nope-nope');
    const unknown = await passwordLogin(app, 'nobody1', 'nope-nope');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(json(res).extras?.error).toBe('wrong_credentials');
      expect(json(res).message).toBe('账号或密码错误');
    }
  });

  it('5 wrong passwords lock the account for 30 minutes, with a message saying until when', async () => {
    const phone = freshPhone();
    const pair = await loginByPhone(app, phone);
    await post(app, '/api/sysUser/setPwd', { password: 'secret-123' }, pair.accessToken);
    for (let i = 0; i < 4; i += 1) {
      expect(json(await passwordLogin(app, phone, 'wrong-pass')).extras?.error).toBe('wrong_credentials');
    }
    const fifth = await passwordLogin(app, phone, 'wrong-pass');
    expect(fifth.statusCode).toBe(403);
    const until = new Date(clock.now().getTime() + 30 * 60_000);
    expect(json(fifth).extras).toMatchObject({
      error: 'account_locked',
      minutes: 30,
      lockedUntil: until.toISOString(),
    });
    const shanghai = new Date(until.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(json(fifth).message).toBe(
      `密码错误次数过多，账号已锁定，请30分钟后（${shanghai}）再试，或使用验证码登录`,
    );
    // Even the right password is refused while locked.
    clock.advance(29 * 60_000);
    const locked = await passwordLogin(app, phone, 'secret-123');
    expect(json(locked).extras).toMatchObject({ error: 'account_locked', minutes: 1 });
    clock.advance(60_000);
    expect((await passwordLogin(app, phone, 'secret-123')).statusCode).toBe(200);
  });

  it('30 concurrent logins (29 wrong, 1 right) check at most 5 wrong guesses: the lock is taken first', async () => {
    // An app of its own: 30 logins at once use up the login route's per-minute limit of this client.
    const own = await createTestApp();
    try {
      const phone = freshPhone();
      const pair = await loginByPhone(own, phone);
      await post(own, '/api/sysUser/setPwd', { password: 'secret-123' }, pair.accessToken);
      const guesses = Array.from({ length: 30 }, (_, i) => (i === 7 ? 'secret-123' : `wrong-${i}`));
      const answers = await Promise.all(guesses.map((guess) => passwordLogin(own, phone, guess)));
      const errors = answers.map((res) => json(res).extras?.error);
      expect(answers.filter((res) => res.statusCode === 200).length).toBeLessThanOrEqual(1);
      // A compared wrong guess answers wrong_credentials, or account_locked when it was the 5th.
      expect(errors.filter((e) => e === 'wrong_credentials').length).toBeLessThanOrEqual(
        MAX_FAILED_LOGINS - 1,
      );
      expect(errors.filter((e) => e === 'account_locked').length).toBeGreaterThan(0);
      expect(
        answers.every((res) => [200, 400, 403].includes(res.statusCode)),
        JSON.stringify(errors),
      ).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('an SMS login lifts a lockout', async () => {
    const phone = freshPhone();
    const pair = await loginByPhone(app, phone);
    await post(app, '/api/sysUser/setPwd', { password: 'secret-123' }, pair.accessToken);
    for (let i = 0; i < 5; i += 1) await passwordLogin(app, phone, 'wrong-pass');
    expect((await passwordLogin(app, phone, 'secret-123')).statusCode).toBe(403);
    clock.advance(61_000);
    await loginByPhone(app, phone);
    expect((await passwordLogin(app, phone, 'secret-123')).statusCode).toBe(200);
  });

  it('logout ends the session: its access and refresh tokens are refused at once', async () => {
    const pair = json<Pair>(await passwordLogin(app, 'demo', 'demo123456')).result;
    expect((await get(app, '/api/sysUser/baseInfo', pair.accessToken)).statusCode).toBe(200);
    expect((await post(app, '/api/sysAuth/logout', undefined, pair.accessToken)).statusCode).toBe(200);
    const after = await get(app, '/api/sysUser/baseInfo', pair.accessToken);
    expect(after.statusCode).toBe(401);
    expect(json(after).extras?.error).toBe('session_revoked');
    const refreshed = await post(app, '/api/sysAuth/refreshToken', { refreshToken: pair.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    // The header-based renewal of an expired token is refused too.
    clock.advance(7201_000);
    const renewed = await app.inject({
      method: 'GET',
      url: '/api/sysUser/baseInfo',
      headers: { ...bearer(pair.accessToken), 'x-authorization': `Bearer ${pair.refreshToken}` },
    });
    expect(renewed.statusCode).toBe(401);
  });

  it('refreshToken rotates the pair; the replaced refresh token stops working after the grace period', async () => {
    const pair = json<Pair>(await passwordLogin(app, 'demo', 'demo123456')).result;
    const res = await post(app, '/api/sysAuth/refreshToken', { refreshToken: pair.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = json<Pair>(res).result;
    expect(next.refreshToken).not.toBe(pair.refreshToken);
    expect((await get(app, '/api/sysUser/baseInfo', next.accessToken)).statusCode).toBe(200);
    clock.advance(31_000);
    // Reuse of an old refresh token means it leaked: the whole session ends.
    expect(
      (await post(app, '/api/sysAuth/refreshToken', { refreshToken: pair.refreshToken })).statusCode,
    ).toBe(401);
    expect((await get(app, '/api/sysUser/baseInfo', next.accessToken)).statusCode).toBe(401);
  });

  it('visitor login: a guest token (uid 0, role guest) that user-only calls refuse', async () => {
    const res = await post(app, '/api/sysAuth/visitorLogin', undefined);
    expect(res.statusCode).toBe(200);
    const pair = json<Pair>(res).result;
    expect(decodeJwt(pair.accessToken)).toMatchObject({ uid: 0, roles: ['guest'] });
    const info = json<Record<string, unknown>>(
      await get(app, '/api/sysAuth/userInfo', pair.accessToken),
    ).result;
    expect(info).toMatchObject({ id: 0, isGuest: true, roles: ['guest'], phone: null });
    const denied = await get(app, '/api/sysUser/baseInfo', pair.accessToken);
    expect(denied.statusCode).toBe(401);
    expect(json(denied).extras?.error).toBe('guest_not_allowed');
    expect(json(denied).message).toBe('当前为游客模式，请先登录');
    expect((await post(app, '/api/sysAuth/logout', undefined, pair.accessToken)).statusCode).toBe(200);
    expect((await get(app, '/api/sysAuth/userInfo', pair.accessToken)).statusCode).toBe(401);
  });

  it('password change ends the other sessions but keeps the current one', async () => {
    const phone = freshPhone();
    const a = await loginByPhone(app, phone);
    await post(app, '/api/sysUser/setPwd', { password: 'first-pass' }, a.accessToken);
    const b = json<Pair>(await passwordLogin(app, phone, 'first-pass')).result;
    const wrongOld = await post(
      app,
      '/api/sysUser/changePwd',
      { oldPassword: 'not-it', newPassword: 'second-pass' },
      a.accessToken,
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(json(wrongOld).message).toEqual({ oldPassword: ['原密码错误'] });
    const short = await post(
      app,
      '/api/sysUser/changePwd',
      { oldPassword: 'first-pass', newPassword: '123' },
      a.accessToken,
    );
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toEqual({ newPassword: ['密码长度为6-21位'] });
    expect((await get(app, '/api/sysUser/baseInfo', b.accessToken)).statusCode).toBe(200);

    const ok = await post(
      app,
      '/api/sysUser/changePwd',
      { oldPassword: 'first-pass', newPassword: 'second-pass' },
      a.accessToken,
    );
    expect(ok.statusCode).toBe(200);
    expect((await get(app, '/api/sysUser/baseInfo', a.accessToken)).statusCode).toBe(200);
    expect(json(await get(app, '/api/sysUser/baseInfo', b.accessToken)).extras?.error).toBe(
      'session_revoked',
    );
    expect((await post(app, '/api/sysAuth/refreshToken', { refreshToken: b.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await passwordLogin(app, phone, 'first-pass')).statusCode).toBe(400);
    expect((await passwordLogin(app, phone, 'second-pass')).statusCode).toBe(200);
  });

  it('users are per tenant: the same phone is another user in another tenant, tokens carry their tenant', async () => {
    await app.platform.db.insert(tenants).values({ id: 2, name: 'second' }).onConflictDoNothing();
    const phone = freshPhone();
    const one = await loginByPhone(app, phone);
    clock.advance(61_000);
    const two = await loginByPhone(app, phone, { tenantid: '2' });
    const c1 = decodeJwt(one.accessToken);
    const c2 = decodeJwt(two.accessToken);
    expect(c1.tenantId).toBe(1);
    expect(c2.tenantId).toBe(2);
    expect(c2.uid).not.toBe(c1.uid);
    // A tenant-1 account cannot log in through tenant 2, and a token ignores the TenantId header.
    expect((await passwordLogin(app, 'demo', 'demo123456', { tenantid: '2' })).statusCode).toBe(400);
    const other = await app.inject({
      method: 'GET',
      url: `/api/sysUser/userInfo?userId=${String(c1.uid)}`,
      headers: { ...bearer(two.accessToken), tenantid: '1' },
    });
    expect(other.statusCode).toBe(404);
  });
});
