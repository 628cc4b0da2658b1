import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { readSmsOutbox } from '../../platform/sms/console-sms.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { freshIp, freshPhone, lastCode, post, sendCode } from '../../test/auth.js';

const login = (app: TestApp, phone: string, code: string) =>
  post(app, '/api/sysAuth/phoneLogin', { phone, code });

describe('SMS captcha', () => {
  // 10:00 Asia/Shanghai.
  const clock = fixedClock('2026-03-02T02:00:00.000Z');
  let app: TestApp;
  beforeAll(async () => {
    // Behind a proxy: each test call names its client address in X-Forwarded-For.
    app = await createTestApp(
      { SMS_DAILY_LIMIT_PER_PHONE: 3, SMS_DAILY_LIMIT_PER_IP: 4, TRUST_PROXY: true },
      { clock },
    );
  });
  afterAll(() => app.close());

  it('sends a 6-digit code to the dev outbox and answers the resend countdown', async () => {
    const phone = freshPhone();
    const res = await sendCode(app, `+86${phone}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).result).toEqual({ resendSeconds: 60, expiresInSeconds: 300 });
    const entries = (await readSmsOutbox(app.platform.dataDir)).filter((e) => e.phone === phone);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.code).toMatch(/^\d{6}$/);
    expect(entries[0]!.at).toBe(clock.now().toISOString());
  });

  it('stores only a hash of the code', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCode(app, phone);
    const rows = await app.platform.db.execute(sql`select code_hash from sms_captcha where phone = ${phone}`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(`"${code}"`);
    expect(text).toMatch(/[0-9a-f]{64}/);
  });

  it('a code works once', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCode(app, phone);
    expect((await login(app, phone, code)).statusCode).toBe(200);
    const again = await login(app, phone, code);
    expect(again.statusCode).toBe(400);
    expect(json(again).extras?.error).toBe('sms_code_expired');
    expect(json(again).message).toEqual({ code: ['验证码已失效，请重新获取'] });
  });

  it('a code expires after 5 minutes', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCode(app, phone);
    clock.advance(300_000);
    const res = await login(app, phone, code);
    expect(res.statusCode).toBe(400);
    expect(json(res).extras?.error).toBe('sms_code_expired');
  });

  it('a code just before 5 minutes still works', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCode(app, phone);
    clock.advance(299_000);
    expect((await login(app, phone, code)).statusCode).toBe(200);
  });

  it('5 wrong tries kill the code, even for the right code afterwards', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCode(app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await login(app, phone, wrong);
      expect(res.statusCode).toBe(400);
      expect(json(res).extras?.error).toBe('sms_code_wrong');
      expect(json(res).message).toEqual({ code: ['验证码错误'] });
    }
    const fifth = await login(app, phone, wrong);
    expect(json(fifth).extras?.error).toBe('sms_code_exhausted');
    const right = await login(app, phone, code);
    expect(right.statusCode).toBe(400);
    expect(json(right).extras?.error).toBe('sms_code_exhausted');
  });

  it('4 wrong tries still leave the right code usable', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCode(app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) await login(app, phone, wrong);
    expect((await login(app, phone, code)).statusCode).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const first = await lastCode(app, phone);
    clock.advance(61_000);
    await sendCode(app, phone);
    const second = await lastCode(app, phone);
    if (first !== second) expect((await login(app, phone, first)).statusCode).toBe(400);
    expect((await login(app, phone, second)).statusCode).toBe(200);
  });

  it('one send per phone per 60 s: 429 sms_too_frequent with the seconds to wait', async () => {
    const phone = freshPhone();
    expect((await sendCode(app, phone)).statusCode).toBe(200);
    clock.advance(15_000);
    const res = await sendCode(app, phone);
    expect(res.statusCode).toBe(429);
    const body = json(res);
    expect(body.extras).toMatchObject({ error: 'sms_too_frequent', seconds: 45 });
    expect(body.message).toBe('验证码发送太频繁，请45秒后再试');
    expect((await readSmsOutbox(app.platform.dataDir)).filter((e) => e.phone === phone)).toHaveLength(1);
    clock.advance(45_000);
    expect((await sendCode(app, phone)).statusCode).toBe(200);
  });

  it('daily cap per phone, reset at midnight Asia/Shanghai', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i += 1) {
      expect((await sendCode(app, phone)).statusCode).toBe(200);
      clock.advance(61_000);
    }
    const capped = await sendCode(app, phone);
    expect(capped.statusCode).toBe(429);
    expect(json(capped).extras).toMatchObject({ error: 'sms_phone_daily_limit', limit: 3 });
    // Next Shanghai day (16:00 UTC is midnight in Shanghai).
    clock.set(
      new Date(
        `${new Date(clock.now().getTime() + 8 * 3600_000 + 86400_000).toISOString().slice(0, 10)}T00:00:30+08:00`,
      ),
    );
    expect((await sendCode(app, phone)).statusCode).toBe(200);
  });

  it('daily cap per IP across phones', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      expect((await sendCode(app, freshPhone(), { 'x-forwarded-for': ip })).statusCode).toBe(200);
    }
    const capped = await sendCode(app, freshPhone(), { 'x-forwarded-for': ip });
    expect(capped.statusCode).toBe(429);
    expect(json(capped).extras).toMatchObject({ error: 'sms_ip_daily_limit', limit: 4 });
    expect(json(capped).message).toContain('4');
  });

  it('bad phone → 400 with the field message, nothing sent', async () => {
    const before = (await readSmsOutbox(app.platform.dataDir)).length;
    const res = await sendCode(app, '12345');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toEqual({ phone: ['请输入正确的手机号'] });
    expect((await readSmsOutbox(app.platform.dataDir)).length).toBe(before);
  });

  it('a malformed code is a field error before any check', async () => {
    const res = await login(app, freshPhone(), '12ab');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toEqual({ code: ['请输入6位数字验证码'] });
  });

  it('an unknown tenant is refused', async () => {
    const res = await sendCode(app, freshPhone(), { tenantid: '777' });
    expect(res.statusCode).toBe(400);
    expect(json(res).extras?.error).toBe('tenant_not_found');
  });
});
