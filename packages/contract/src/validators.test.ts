import { describe, expect, it } from 'vitest';
import {
  hasUnstorableText,
  unstorableTextPaths,
  idCardCheckChar,
  isAccount,
  isEmail,
  isIdCard,
  isNumberText,
  isPassword,
  isPhone,
  isSmsCode,
  loginNameSchema,
  maskIdCard,
  maskPhone,
  phoneSchema,
} from './validators.js';

describe('phone', () => {
  it.each(['13800000000', '+8613800000000', '008613912345678', '19999999999'])('accepts %s', (v) =>
    expect(isPhone(v)).toBe(true),
  );
  it.each([
    '1380000000',
    '138000000000',
    '23800000000',
    '+8513800000000',
    '86 13800000000',
    '1380000000a',
    '',
  ])('rejects %s', (v) => expect(isPhone(v)).toBe(false));
  it('masks first 3 and last 4, also with a prefix', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+8613812345678')).toBe('138****5678');
  });
  it('schema names the problem', () => {
    const r = phoneSchema.safeParse('123');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('invalid_phone');
  });
});

describe('sms code, password, account, number, e-mail', () => {
  it('sms code is exactly 6 digits', () => {
    expect(isSmsCode('123456')).toBe(true);
    for (const v of ['12345', '1234567', '12345a', ' 123456']) expect(isSmsCode(v)).toBe(false);
  });
  it('password is 6 to 21 characters of any kind', () => {
    expect(isPassword('abcdef')).toBe(true);
    expect(isPassword('密码密码密码')).toBe(true);
    expect(isPassword('a'.repeat(21))).toBe(true);
    expect(isPassword('abcde')).toBe(false);
    expect(isPassword('a'.repeat(22))).toBe(false);
  });
  it('account is 4 to 14 letters, digits, _ or -', () => {
    expect(isAccount('admin')).toBe(true);
    expect(isAccount('a_b-c9')).toBe(true);
    expect(isAccount('abc')).toBe(false);
    expect(isAccount('a'.repeat(15))).toBe(false);
    expect(isAccount('ab cd')).toBe(false);
    expect(isAccount('用户名字')).toBe(false);
  });
  it('a phone-or-account value is validated as the one it is', () => {
    for (const ok of ['13800000000', '+8613800000000', '008613800000000', 'admin', 'demo_1', '123456'])
      expect(loginNameSchema.safeParse(ok).success, ok).toBe(true);
    const messageOf = (v: string) => loginNameSchema.safeParse(v).error?.issues[0]?.message;
    expect(messageOf('138000000001')).toBe('invalid_phone');
    expect(messageOf('+861380000')).toBe('invalid_phone');
    expect(messageOf('abc')).toBe('invalid_account');
    expect(messageOf('a'.repeat(15))).toBe('invalid_account');
    expect(messageOf('张三丰的号')).toBe('invalid_account');
    expect(messageOf('')).toBe('invalid_account');
  });
  it('number is up to 20 digits', () => {
    expect(isNumberText('1')).toBe(true);
    expect(isNumberText('9'.repeat(20))).toBe(true);
    expect(isNumberText('9'.repeat(21))).toBe(false);
    expect(isNumberText('1.5')).toBe(false);
    expect(isNumberText('')).toBe(false);
  });
  it('e-mail', () => {
    expect(isEmail('zhang.san@example.com.cn')).toBe(true);
    expect(isEmail('a+b@qq.com')).toBe(true);
    for (const v of ['a@b', '@qq.com', 'a@@qq.com', 'a qq@qq.com', 'a@qq.c']) expect(isEmail(v)).toBe(false);
  });
});

describe('Chinese ID number', () => {
  // 11010519491231002X is the GB 11643 worked example.
  it('accepts valid 18-digit numbers, X in either case', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(isIdCard('440524188001010014')).toBe(true);
  });
  it('rejects a wrong check character', () => {
    expect(isIdCard('110105194912310021')).toBe(false);
  });
  it('rejects impossible and future dates', () => {
    const base = '110105';
    const withDate = (d: string) => {
      const first17 = `${base}${d}002`;
      return first17 + idCardCheckChar(first17);
    };
    expect(isIdCard(withDate('20000229'))).toBe(true);
    expect(isIdCard(withDate('19000229'))).toBe(false);
    expect(isIdCard(withDate('19491332'))).toBe(false);
    expect(isIdCard(withDate('20990101'), new Date('2026-01-01'))).toBe(false);
  });
  it('accepts 15-digit numbers with a real date only', () => {
    expect(isIdCard('110105491231002')).toBe(true);
    expect(isIdCard('110105490231002')).toBe(false);
  });
  it('rejects other lengths and characters', () => {
    for (const v of ['', '1101051949123100', '11010519491231002Y', '1101051949123100211'])
      expect(isIdCard(v)).toBe(false);
  });
  it('masks all but the first 3 and last 4', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
  });
});

describe('unstorableTextPaths', () => {
  it('names every string, nested or a key, that carries a NUL or a lone surrogate', () => {
    expect(
      unstorableTextPaths({
        a: 'ok',
        b: ['x', 'y\u0000'],
        c: { d: '\u0000', e: 'a\ud800b', f: 'end\udfff' },
        'k\u0000': 1,
        'k\udc00': 2,
      }),
    ).toEqual(['b.1', 'c.d', 'c.e', 'c.f', 'k\u0000', 'k\udc00']);
    expect(unstorableTextPaths('a\u0000')).toEqual(['_']);
    expect(unstorableTextPaths({ a: 'plain', n: 3, z: null, emoji: '好😀', pair: '\ud83d\ude00' })).toEqual(
      [],
    );
  });

  it('tells a lone surrogate from a pair', () => {
    expect(hasUnstorableText('\ud800')).toBe(true);
    expect(hasUnstorableText('\udc00\ud800')).toBe(true);
    expect(hasUnstorableText('x\ud83d')).toBe(true);
    expect(hasUnstorableText('\ud83d\ude00\ud83d\ude00')).toBe(false);
  });
});
