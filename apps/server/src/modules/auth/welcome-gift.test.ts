import { and, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID, DEFAULT_WELCOME_GIFT, type ImMessagePageResult, type Prices } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { users } from '../../platform/identity/identity.table.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import { ledger } from '../../platform/wallet/wallet.table.js';
import { freshPhone, loginByPhone } from '../../test/auth.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { api } from '../../test/commerce.js';
import { tokenFor } from '../../test/tokens.js';
import { createAuthRepositories } from './auth.repository.js';

const clock = fixedClock('2026-06-01T02:00:00Z');

describe('the new-user gift: configured, given once per account in its sign-up transaction', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    admin = await tokenFor(app, 'admin');
  });
  afterAll(() => app.close());

  const db = () => app.platform.db;
  const userOf = async (phone: string) =>
    (await db().select().from(users).where(and(eq(users.tenantId, DEFAULT_TENANT_ID), eq(users.phone, phone))))[0]!;
  const giftRows = async (uid: number) =>
    (await db().select().from(ledger).where(eq(ledger.userId, uid)).orderBy(ledger.id)).map((r) => [
      r.currency,
      r.amount,
      r.reason,
    ]);
  const notices = async (token: string, language = 'zh-CN') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/page',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: { page: 1, pageSize: 20 },
    });
    return json<ImMessagePageResult>(res).result.items;
  };

  it('the default is enough for 3 drawings, 2 dubbings and a short video at the default prices', async () => {
    const config = await api<{ values: { prices: Prices } }>(
      app,
      'GET',
      '/api/console/app-config',
      admin,
    );
    const { goldPerImage, goldPerDubWord, goldPerVideoWord } = config.result.values.prices;
    // Two 50-word dubbings and a 60-word video (about 12 s at 5 words a second).
    expect(DEFAULT_WELCOME_GIFT.gold).toBeGreaterThanOrEqual(
      3 * goldPerImage + 2 * 50 * goldPerDubWord + 60 * goldPerVideoWord,
    );
    expect(config.result.values).toMatchObject({ welcomeGift: DEFAULT_WELCOME_GIFT });
  });

  it('SMS sign-up: gold and points through the ledger (welcome_gift), a welcome notice; a second login gives nothing', async () => {
    const phone = freshPhone();
    const { accessToken } = await loginByPhone(app, phone);
    const user = await userOf(phone);
    expect([user.gold, user.points]).toEqual([DEFAULT_WELCOME_GIFT.gold, DEFAULT_WELCOME_GIFT.points]);
    expect(await giftRows(user.id)).toEqual([
      ['gold', DEFAULT_WELCOME_GIFT.gold, 'welcome_gift'],
      ['points', DEFAULT_WELCOME_GIFT.points, 'welcome_gift'],
    ]);
    const [notice] = await notices(accessToken);
    expect(notice).toMatchObject({ type: 'system', title: '新人礼包已到账', link: '/pages/index/vip/expenseCalendar' });
    expect(notice!.content).toContain(`${DEFAULT_WELCOME_GIFT.gold} 金币`);
    expect(notice!.content).not.toContain(notice!.title);
    // The reader's language: the same notice in French.
    const [french] = await notices(accessToken, 'fr');
    expect(french!.title).toBe('Votre cadeau de bienvenue est arrivé');

    clock.advance(61_000);
    await loginByPhone(app, phone);
    const again = await userOf(phone);
    expect([again.gold, again.points]).toEqual([DEFAULT_WELCOME_GIFT.gold, DEFAULT_WELCOME_GIFT.points]);
    expect(await giftRows(user.id)).toHaveLength(2);
    expect(await notices(accessToken)).toHaveLength(1);
  });

  it('concurrent first logins of one phone create one account with one gift', async () => {
    const phone = freshPhone();
    const repo = createUsersRepository(db());
    const { createSignUp } = await import('./welcome-gift.js');
    const signUp = createSignUp({ db: db(), store: createAuthRepositories(db()), clock });
    const created = await Promise.all(
      [1, 2, 3, 4].map(() => signUp(DEFAULT_TENANT_ID, phone, { ip: '203.0.113.9', deviceId: null })),
    );
    expect(new Set(created.map((u) => u.user.id)).size).toBe(1);
    const user = (await repo.byPhone(DEFAULT_TENANT_ID, phone))!;
    expect(user.gold).toBe(DEFAULT_WELCOME_GIFT.gold);
    expect(await giftRows(user.id)).toHaveLength(2);
    const session = await app.platform.sessions.start({ uid: user.id, tenantId: DEFAULT_TENANT_ID, roles: ['user'] });
    expect(await notices(session.accessToken)).toHaveLength(1);
  });

  it('is part of the sign-up transaction: when the sign-up fails, neither the account nor a gift remains', async () => {
    const phone = freshPhone();
    const repo = createUsersRepository(db());
    const { giveWelcomeGift } = await import('./welcome-gift.js');
    const gifts = async () => (await db().select().from(ledger).where(eq(ledger.reason, 'welcome_gift'))).length;
    const giftsBefore = await gifts();
    await expect(
      repo.findOrCreateByPhone(DEFAULT_TENANT_ID, phone, clock.now(), async (tx, user) => {
        await giveWelcomeGift(createAuthRepositories(db()), tx, user, DEFAULT_WELCOME_GIFT, clock.now());
        throw new Error('session store down');
      }),
    ).rejects.toThrow('session store down');
    expect(await repo.byPhone(DEFAULT_TENANT_ID, phone)).toBeUndefined();
    expect(await gifts()).toBe(giftsBefore);
  });

  it('a configuration change applies to later sign-ups (VIP days too), not to earlier accounts', async () => {
    const before = freshPhone();
    await loginByPhone(app, before);
    const changed = await api(app, 'POST', '/api/console/app-config', admin, {
      values: { welcomeGift: { gold: 1234, points: 56, vipDays: 3 } },
    });
    expect(changed.status).toBe(200);
    const after = freshPhone();
    const { accessToken } = await loginByPhone(app, after);
    const user = await userOf(after);
    expect([user.gold, user.points, user.vipLevel]).toEqual([1234, 56, 1]);
    expect(user.vipExpireAt?.toISOString()).toBe(new Date(clock.now().getTime() + 3 * 86_400_000).toISOString());
    expect((await notices(accessToken))[0]!.content).toContain('3 天会员');
    expect((await userOf(before)).gold).toBe(DEFAULT_WELCOME_GIFT.gold);

    // Refused when out of range: the console's own check.
    const bad = await api(app, 'POST', '/api/console/app-config', admin, {
      values: { welcomeGift: { gold: -1, points: 0, vipDays: 0 } },
    });
    expect(bad.status).toBe(400);
    await api(app, 'POST', '/api/console/app-config', admin, { values: { welcomeGift: DEFAULT_WELCOME_GIFT } });
  });

  it('seeded demo accounts keep their one seed gift (the sign-up gift is not given to them again)', async () => {
    const [demo] = await db().select().from(users).where(eq(users.account, 'demo'));
    const rows = await db()
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, demo!.id), eq(ledger.reason, 'welcome_gift'), eq(ledger.currency, 'gold')));
    expect(rows.length).toBeLessThanOrEqual(1);
  });
});
