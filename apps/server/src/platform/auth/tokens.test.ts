import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { createTokenService } from './tokens.js';

const SECRET = 'test-secret-test-secret-test-secret-0001';
const key = new TextEncoder().encode(SECRET);
const now = new Date('2026-03-01T08:00:00Z');
const nowSeconds = now.getTime() / 1000;
const claims = { uid: 7, tenantId: 1, roles: ['user'], permissions: [], sid: 'a1b2c3' };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (
  payload: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256' },
  secret = key,
) => new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(secret);

describe('access token verification (synchronous HS256)', () => {
  const tokens = createTokenService(SECRET, 600);

  it('accepts what it signed, the same claims jose reads back', async () => {
    const token = await tokens.signAccess(claims, now);
    const verified = await tokens.verifyAccess(token, now);
    expect(verified).toEqual({ ...claims, exp: nowSeconds + 600 });
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    expect(payload.exp).toBe(nowSeconds + 600);
  });

  it('says expired from the exp second on, and invalid before nbf', async () => {
    const token = await tokens.signAccess(claims, now);
    expect(await tokens.verifyAccess(token, new Date((nowSeconds + 599) * 1000))).toMatchObject({ uid: 7 });
    expect(await tokens.verifyAccess(token, new Date((nowSeconds + 600) * 1000))).toBe('token_expired');
    const early = await sign({ ...claims, exp: nowSeconds + 60, nbf: nowSeconds + 30 });
    expect(await tokens.verifyAccess(early, now)).toBe('token_invalid');
    expect(await tokens.verifyAccess(early, new Date((nowSeconds + 30) * 1000))).toMatchObject({ uid: 7 });
  });

  it('refuses a changed payload, another key, another algorithm, alg none and critical headers', async () => {
    const token = await tokens.signAccess(claims, now);
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ ...claims, uid: 1, exp: nowSeconds + 600 })}.${s}`;
    const otherKey = await sign(
      { ...claims, exp: nowSeconds + 60 },
      { alg: 'HS256' },
      new TextEncoder().encode('x'.repeat(40)),
    );
    const hs512 = await sign({ ...claims, exp: nowSeconds + 60 }, { alg: 'HS512' });
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: nowSeconds + 60 })}.`;
    const crit = await sign({ ...claims, exp: nowSeconds + 60 }, { alg: 'HS256', crit: ['b64'], b64: true });
    for (const bad of [forged, otherKey, hs512, none, crit]) {
      expect(await tokens.verifyAccess(bad, now)).toBe('token_invalid');
    }
  });

  it('refuses malformed tokens and payloads without the claims', async () => {
    const token = await tokens.signAccess(claims, now);
    const malformed = [
      '',
      'abc',
      token.split('.').slice(0, 2).join('.'),
      `${token}.extra`,
      token.replace('.', '.%'),
      `${b64({ alg: 'HS256' })}.not-json.${token.split('.')[2]}`,
    ];
    for (const bad of malformed) expect(await tokens.verifyAccess(bad, now)).toBe('token_invalid');
    const noSid = await sign({ uid: 7, tenantId: 1, roles: [], exp: nowSeconds + 60 });
    const stringUid = await sign({ ...claims, uid: '7', exp: nowSeconds + 60 });
    const noExp = await sign({ ...claims });
    for (const bad of [noSid, stringUid, noExp])
      expect(await tokens.verifyAccess(bad, now)).toBe('token_invalid');
  });
});
