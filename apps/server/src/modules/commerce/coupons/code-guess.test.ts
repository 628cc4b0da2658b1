import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../../test/build-app.js';
import { newUser } from '../../../test/commerce.js';

const START = '2026-03-02T02:00:00.000Z';
const HOUR = 3600_000;

describe('code guessing is limited per account', () => {
  const clock = fixedClock(START);
  let app: TestApp;
  let address = 0;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
  });
  afterAll(() => app.close());

  /** Each try from a new address, so the per-address limit never answers: only the per-account one can. */
  const tryCode = async (url: string, token: string, code: string, language = 'zh-Hans') => {
    address += 1;
    const res = await app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.24.${address >> 8}.${address & 255}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: { code },
    });
    const body = json<Record<string, unknown>>(res);
    return { status: res.statusCode, error: body.extras?.error, body };
  };
  const exchange = (token: string, code: string, language?: string) =>
    tryCode('/api/sysCoupon/exchange', token, code, language);
  const bind = (token: string, code: string) => tryCode('/api/sysUserCouponCode/bind', token, code);

  it('10 wrong codes an hour (exchange and bind together), then every code is 429 with when to retry, in the caller’s language, until the hour is over', async () => {
    clock.set(START);
    const guesser = await newUser(app);
    for (let i = 0; i < 6; i++)
      expect((await exchange(guesser.token, `WRONG${i}AB`)).error).toBe('coupon_code_invalid');
    for (let i = 0; i < 4; i++)
      expect((await bind(guesser.token, `WRONG${i}CD`)).error).toBe('referral_code_invalid');

    clock.advance(10 * 60_000);
    // The 11th try, a right code: refused all the same, saying when to try again (50 min: the hour began at the first wrong code).
    const right = await exchange(guesser.token, 'VIP_80', 'en');
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({
      code: 429,
      type: 'error',
      message: 'Too many wrong codes. Try again in 50 min (after 2026-03-02 11:00).',
      extras: {
        error: 'too_many_wrong_codes',
        minutes: 50,
        until: '2026-03-02 11:00',
        retryAt: '2026-03-02T03:00:00.000Z',
      },
    });
    const zh = await bind(guesser.token, 'WRONG9EF');
    expect([zh.status, zh.error, zh.body.message]).toEqual([
      429,
      'too_many_wrong_codes',
      '输错兑换码次数过多，请50分钟后（2026-03-02 11:00）再试',
    ]);

    // The hour passes: right codes work again, and a new allowance begins.
    clock.set(new Date(Date.parse(START) + HOUR));
    const after = await exchange(guesser.token, 'VIP_80');
    expect([after.status, (after.body.result as { kind: string }).kind]).toEqual([200, 'coupon']);
    expect((await exchange(guesser.token, 'WRONGXAB')).error).toBe('coupon_code_invalid');
  });

  it('right codes do not count: after 9 wrong ones a right code still works, and only the 10th wrong one closes the hour', async () => {
    clock.set(START);
    const user = await newUser(app);
    for (let i = 0; i < 9; i++)
      expect((await exchange(user.token, `MISS${i}XYZ`)).error).toBe('coupon_code_invalid');
    const right = await exchange(user.token, 'VIP_80');
    expect([right.status, (right.body.result as { kind: string }).kind]).toEqual([200, 'coupon']);
    // Neither is a code already used by this account (409) a wrong code.
    expect((await exchange(user.token, 'VIP_80')).error).toBe('coupon_limit_reached');
    expect((await exchange(user.token, 'MISS9XYZ')).error).toBe('coupon_code_invalid');
    expect((await exchange(user.token, 'FULL_50_10')).status).toBe(429);
    // Another account is not affected.
    const other = await newUser(app);
    expect((await exchange(other.token, 'FULL_50_10')).status).toBe(200);
  });

  it('parallel wrong tries cannot overshoot the allowance', async () => {
    clock.set(START);
    const user = await newUser(app);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => exchange(user.token, `PAR${i}ABCD`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
